import { describe, expect, it } from "vitest";
import { ignoredUrlValues } from "./ignored";
import { effectiveStates, loadTransfersSearchParams, serializeTransfersSearchParams, transfersApiQuery, transfersSearchParams } from "./transfers";

const CENTRE = "0b6f3d9e-2a41-4c5e-9f8a-7d1e2c3b4a59";

describe("/transfers URL state", () => {
  it("round-trips every filter through the URL and asks the API with the same names", () => {
    const url = serializeTransfersSearchParams({
      view: "paid",
      page: 2,
      receiver: "José",
      maker: "ana",
      cost_centre: CENTRE,
      min_cents: 10_000,
      max_cents: 250_000,
      created_from: "2026-11-01",
      created_to: "2026-11-30",
    });
    const values = loadTransfersSearchParams(url);
    expect(values).toMatchObject({ view: "paid", page: 2, receiver: "José", maker: "ana", cost_centre: CENTRE, min_cents: 10_000, max_cents: 250_000 });
    expect(new URLSearchParams(transfersApiQuery(values)).toString()).toBe(
      new URLSearchParams({
        state: "paid",
        maker: "ana",
        receiver: "José",
        cost_centre: CENTRE,
        created_from: "2026-11-01",
        created_to: "2026-11-30",
        min_cents: "10000",
        max_cents: "250000",
        page: "2",
      }).toString(),
    );
  });

  it("an empty URL: everything, page 1, no query", () => {
    expect(transfersApiQuery(loadTransfersSearchParams(""))).toBe("");
    expect(serializeTransfersSearchParams({ view: "all", page: 1 })).toBe("");
  });

  it("the inbox and attention views ask by scope and flag; filters narrow them", () => {
    expect(transfersApiQuery(loadTransfersSearchParams("?view=inbox&receiver=maria"))).toBe("?scope=inbox&receiver=maria");
    expect(transfersApiQuery(loadTransfersSearchParams("?view=attention&batch=" + CENTRE))).toBe(`?batch=${CENTRE}&attention=true`);
  });

  it("values the filter rules refuse are ignored and named", () => {
    const raw = { min_cents: "12,50", created_from: "2026-02-30", cost_centre: "TI", state: "paid,nonsense", receiver: "x".repeat(101) };
    const values = loadTransfersSearchParams(raw);
    expect(values).toMatchObject({ min_cents: null, created_from: null, cost_centre: null, receiver: null });
    expect(ignoredUrlValues(raw, transfersSearchParams, values).map((v) => v.split("=")[0]).sort()).toEqual(
      ["cost_centre", "created_from", "min_cents", "receiver", "state"].sort(),
    );
  });

  it("the state filter narrows within the view; one naming none of the view's states is not applied", () => {
    expect(effectiveStates("all", ["paid", "failed"])).toEqual(["paid", "failed"]);
    expect(effectiveStates("notPaid", ["failed"])).toEqual(["failed"]);
    expect(effectiveStates("notPaid", ["paid"])).toEqual(["provider_canceled", "refused", "failed"]);
    expect(effectiveStates("inbox", null)).toBeNull();
  });
});
