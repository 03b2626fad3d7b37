import { describe, expect, it } from "vitest";
import { actionLabel, detailPairs, outcomeTone } from "./audit-format";

describe("audit entries on screen", () => {
  it("a registration reads as an attempt; its outcome says whether it went through", () => {
    expect(actionLabel("payment.register")).toBe("Transfer registration");
    expect(outcomeTone("registered")).toBe("good");
    expect(outcomeTone("rejected")).toBe("bad");
    expect(actionLabel("something.new")).toBe("something.new");
  });

  it("amounts in cents read as BRL; long values are cut; empty ones left out", () => {
    const pairs = detailPairs({ value_cents: 4_321, idempotent_id: "x".repeat(100), receiver: "", note: null });
    expect(pairs[0]).toEqual(["value_cents", "R$\u00a043,21"]);
    expect(pairs[1]?.[1]).toHaveLength(80);
    expect(pairs).toHaveLength(2);
  });
});
