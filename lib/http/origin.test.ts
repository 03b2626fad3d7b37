import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { resetEnvForTests } from "@/lib/env";
import { checkOrigin } from "./origin";

const post = (headers: Record<string, string>, url = "http://localhost:3000/api/payments") =>
  new Request(url, { method: "POST", headers });

describe("checkOrigin", () => {
  beforeEach(() => {
    process.env.APP_URL = "https://backoffice.example.com";
    resetEnvForTests();
  });
  afterEach(() => {
    delete process.env.APP_URL;
    resetEnvForTests();
  });

  it("lets the app's own origin through (Host, forwarded host or APP_URL)", () => {
    expect(checkOrigin(post({ origin: "http://localhost:3000", host: "localhost:3000" }))).toBeUndefined();
    expect(checkOrigin(post({ origin: "https://backoffice.example.com" }))).toBeUndefined();
    expect(
      checkOrigin(post({ origin: "https://pay.internal", "x-forwarded-host": "pay.internal", "x-forwarded-proto": "https" })),
    ).toBeUndefined();
  });

  it("refuses another site's origin and the opaque null origin with 403 JSON", async () => {
    for (const origin of ["https://evil.example", "null", "http://localhost:3001", "https://backoffice.example.com.evil.io", "javascript:alert(1)"]) {
      const answer = checkOrigin(post({ origin, host: "localhost:3000" }));
      expect(answer?.status, origin).toBe(403);
      expect(await answer?.json()).toMatchObject({ error: "Cross-origin request refused", kind: "origin" });
    }
  });

  it("without Origin: refuses a cross-site browser fetch, allows same-origin and non-browser clients", () => {
    expect(checkOrigin(post({ "sec-fetch-site": "cross-site" }))?.status).toBe(403);
    expect(checkOrigin(post({ "sec-fetch-site": "same-site" }))?.status).toBe(403);
    expect(checkOrigin(post({ "sec-fetch-site": "same-origin" }))).toBeUndefined();
    expect(checkOrigin(post({}))).toBeUndefined();
  });
});
