import { describe, expect, it } from "vitest";
import { cleanLookupInput, detectLookup } from "./detect";

const E2E = "E18236120202206142202a1022c1tg10";

describe("cleanLookupInput", () => {
  it("trims whitespace, line breaks and non-breaking spaces", () => {
    expect(cleanLookupInput("  \n\tpay-123\u00a0 ")).toBe("pay-123");
  });

  it("strips matching quotes, also nested and typographic ones", () => {
    expect(cleanLookupInput('"pay-123"')).toBe("pay-123");
    expect(cleanLookupInput(" '\"pay-123\"' ")).toBe("pay-123");
    expect(cleanLookupInput("“pay-123”")).toBe("pay-123");
    expect(cleanLookupInput("`pay-123`,")).toBe("pay-123");
  });

  it("keeps quotes that do not wrap the whole text", () => {
    expect(cleanLookupInput("pay-'123")).toBe("pay-'123");
    expect(cleanLookupInput('"pay-123')).toBe('"pay-123');
  });

  it("takes the id out of a pasted detail link of this dashboard", () => {
    expect(cleanLookupInput("https://backoffice.example/payments/pay%20123?x=1")).toBe("pay 123");
    expect(cleanLookupInput(`/qrcodes/${E2E}`)).toBe(E2E);
    expect(cleanLookupInput("https://backoffice.example/payments/new")).toBe("https://backoffice.example/payments/new");
  });
});

describe("detectLookup", () => {
  it("says empty for blank or quote-only input", () => {
    expect(detectLookup("   ")).toEqual({ kind: "empty", value: "" });
    expect(detectLookup(' "" ')).toEqual({ kind: "empty", value: "" });
  });

  it("recognises an end-to-end id by its documented shape", () => {
    expect(detectLookup(E2E)).toEqual({ kind: "end_to_end", value: E2E });
    expect(detectLookup(` "${E2E}" `)).toEqual({ kind: "end_to_end", value: E2E });
  });

  it("recognises an end-to-end id with a lower-case prefix or broken over lines", () => {
    expect(detectLookup(E2E.toLowerCase().slice(0, 21) + E2E.slice(21))).toEqual({ kind: "end_to_end", value: E2E });
    expect(detectLookup(`${E2E.slice(0, 16)}\n${E2E.slice(16)}`)).toEqual({ kind: "end_to_end", value: E2E });
  });

  it("does not take near misses for an end-to-end id", () => {
    // 31 characters, a wrong prefix, a non-digit timestamp.
    expect(detectLookup(E2E.slice(0, 31)).kind).toBe("text");
    expect(detectLookup(`D${E2E.slice(1)}`).kind).toBe("text");
    expect(detectLookup(`${E2E.slice(0, 10)}X${E2E.slice(11)}`).kind).toBe("text");
  });

  it("treats anything else as an idempotent_id candidate and a reference-code fragment", () => {
    expect(detectLookup("  order-2026-0042 ")).toEqual({
      kind: "text",
      value: "order-2026-0042",
      idempotentIdProblem: null,
      referenceProblem: null,
      referenceFragment: true,
    });
  });

  it("explains why a text cannot be an idempotent_id but still searches it as a fragment", () => {
    const plan = detectLookup("abc?def");
    expect(plan.kind).toBe("text");
    if (plan.kind !== "text") return;
    expect(plan.idempotentIdProblem).toBe("characters");
    expect(plan.referenceProblem).toBe("characters");
    expect(plan.referenceFragment).toBe(true);
  });

  it("does not offer a reference-code search past the filter's 100 characters", () => {
    const plan = detectLookup("x".repeat(101));
    expect(plan).toMatchObject({ kind: "text", idempotentIdProblem: null, referenceProblem: "too_long", referenceFragment: false });
    const tooLong = detectLookup("x".repeat(256));
    expect(tooLong).toMatchObject({ kind: "text", idempotentIdProblem: "too_long", referenceFragment: false });
  });
});
