import { describe, expect, it } from "vitest";
import { formatProviderDateTime } from "@/lib/pix";
import { pathMatches } from "./faults";
import { providerDateTime } from "./format";
import { likeMatcher } from "./text-pattern";

describe("likeMatcher (ILIKE '%value%')", () => {
  it.each([
    ["silva", "maria da silva", true],
    ["SILVA", "maria da silva", true],
    ["ma%va", "maria da silva", true],
    ["s_lva", "maria da silva", true],
    ["s_va", "maria da silva", false],
    ["100\\%", "desconto 100% ltda", true],
    ["100\\%", "desconto 1000 ltda", false],
    ["a.b", "axb", false],
    ["(", "a(b", true],
    ["", "anything", true],
    ["%", "", false],
  ])("%s in %s: %s", (pattern, text, expected) => {
    expect(likeMatcher(pattern)(text.toLowerCase())).toBe(expected);
  });
});

describe("pathMatches (fault patterns)", () => {
  it.each([
    ["/v1/pix/payments", "/v1/pix/payments", true],
    ["/v1/pix/payments", "/v1/pix/payments/x/idempotent_id", false],
    ["/v1/pix/payments/*", "/v1/pix/payments/x/idempotent_id", true],
    ["/v1/pix/payments/*", "/v1/pix/payments", false],
    ["/v1/*", "/v1/pix/qrcodes/end_to_end/E1/", true],
    ["/v1/pix/payments/*/idempotent_id", "/v1/pix/payments/a%2Fb/idempotent_id", true],
    ["/auth/generate_token", "/auth/generate_token", true],
    ["/a.b", "/axb", false],
  ])("%s ~ %s: %s", (pattern, path, expected) => {
    expect(pathMatches(pattern, path)).toBe(expected);
  });
});

describe("providerDateTime (fast path of formatProviderDateTime)", () => {
  it("agrees with lib/pix on both sides of 2019 and across years", () => {
    const samples = [Date.UTC(2019, 1, 17, 1, 59, 59, 999), Date.UTC(2019, 1, 17, 2), Date.UTC(2018, 11, 1, 12), Date.UTC(2026, 10, 21, 2, 59, 59, 123)];
    for (let t = Date.UTC(2015, 0, 1); t < Date.UTC(2031, 0, 1); t += 7 * 86_400_000 + 3_601_017) samples.push(t);
    for (const ms of samples) expect(providerDateTime(ms)).toBe(formatProviderDateTime(new Date(ms)));
  });
});
