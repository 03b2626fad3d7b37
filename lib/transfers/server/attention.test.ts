import { describe, expect, it } from "vitest";
import type { TransferRequestRow } from "@/lib/db/schema";
import { attentionOf } from "./attention";

const NOW = new Date("2026-11-25T15:00:00.000Z");
const minutesAgo = (m: number) => new Date(NOW.getTime() - m * 60_000);
const row = (o: Partial<TransferRequestRow>) => ({ state: "registered", providerStatus: "sent", registeredAt: minutesAgo(1), attentionHandledAt: null, ...o }) as TransferRequestRow;

describe("what needs a person", () => {
  it.each([
    [{ state: "provider_canceled" }, "provider_canceled"],
    [{ state: "refused" }, "refused"],
    [{ state: "failed" }, "failed"],
    [{ state: "outcome_unknown" }, "outcome_unknown"],
    [{ state: "paid" }, null],
    [{ state: "approved" }, null],
    [{ state: "rejected" }, null],
    [{ registeredAt: minutesAgo(29) }, null],
    [{ registeredAt: minutesAgo(31) }, "not_final"],
    [{ providerStatus: "authorization_pending" }, "authorization_pending"],
    [{ state: "provider_canceled", attentionHandledAt: minutesAgo(2) }, null],
  ] as const)("%j -> %s", (o, reason) => {
    expect(attentionOf(row(o as Partial<TransferRequestRow>), NOW, 30, false)).toBe(reason);
  });

  it("in portal mode a payment waiting for authorization asks to be authorized in the provider's portal", () => {
    expect(attentionOf(row({ providerStatus: "authorization_pending" }), NOW, 30, true)).toBe("authorize_in_portal");
  });
});
