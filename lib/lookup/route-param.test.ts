import { describe, expect, it } from "vitest";
import { decodeRouteParam, paymentHref, qrcodeHref } from "./route-param";

describe("route params and detail links", () => {
  it("round-trips an id with a space, a slash and accents through the detail link", () => {
    const id = "NF 2026/0042 ação";
    const href = paymentHref(id);
    expect(href).toBe("/payments/NF%202026%2F0042%20a%C3%A7%C3%A3o");
    expect(decodeRouteParam(href.slice("/payments/".length))).toBe(id);
  });

  it("leaves an already decoded or badly encoded segment as it is", () => {
    expect(decodeRouteParam("sandbox-known-pending")).toBe("sandbox-known-pending");
    expect(decodeRouteParam("100%")).toBe("100%");
  });

  it("links a QR code record by its end-to-end id", () => {
    expect(qrcodeHref("E18236120202206142202a1022c1tg10")).toBe("/qrcodes/E18236120202206142202a1022c1tg10");
  });
});
