import { describe, expect, it } from "vitest";
import { pathMatches } from "./faults";
import { likeMatcher } from "./list-query";

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
