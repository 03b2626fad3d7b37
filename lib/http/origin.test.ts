import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { resetEnvForTests } from "@/lib/env";
import { translator } from "@/lib/i18n/server";
import { allowedOrigins, checkOrigin } from "./origin";

const post = (headers: Record<string, string>, url = "http://localhost:3000/api/payments") =>
  new Request(url, { method: "POST", headers });
const get = (headers: Record<string, string>) => new Request("https://backoffice.example.com/api/payments/export", { headers });

describe("checkOrigin", () => {
  beforeEach(() => {
    process.env.APP_URL = "https://backoffice.example.com";
    resetEnvForTests();
  });
  afterEach(() => {
    delete process.env.APP_URL;
    resetEnvForTests();
  });

  it("lets the configured public URL through, and only it", () => {
    expect(checkOrigin(post({ origin: "https://backoffice.example.com" }))).toBeUndefined();
    expect(checkOrigin(post({ origin: "https://BackOffice.example.com:443" }))).toBeUndefined();
    // The Host a request names is its sender's choice: it proves nothing.
    expect(checkOrigin(post({ origin: "http://localhost:3000", host: "localhost:3000" }))?.status).toBe(403);
  });

  it("never believes forwarded headers: Origin evil.example with X-Forwarded-Host evil.example is refused", async () => {
    const forged = post({ origin: "https://evil.example", "x-forwarded-host": "evil.example", "x-forwarded-proto": "https", host: "evil.example" });
    const answer = checkOrigin(forged);
    expect(answer?.status).toBe(403);
    expect(await answer?.json()).toMatchObject({ error: translator("pt-BR")("errors.origin"), kind: "origin" });
  });

  it("refuses another site's origin and the opaque null origin with 403 JSON", async () => {
    for (const origin of ["https://evil.example", "null", "http://backoffice.example.com", "https://backoffice.example.com.evil.io", "javascript:alert(1)"]) {
      const answer = checkOrigin(post({ origin }));
      expect(answer?.status, origin).toBe(403);
      expect(await answer?.json()).toMatchObject({ kind: "origin" });
    }
  });

  it("without Origin: refuses a cross-site browser fetch, allows same-origin and non-browser clients", () => {
    expect(checkOrigin(post({ "sec-fetch-site": "cross-site" }))?.status).toBe(403);
    expect(checkOrigin(post({ "sec-fetch-site": "same-site" }))?.status).toBe(403);
    expect(checkOrigin(post({ "sec-fetch-site": "same-origin" }))).toBeUndefined();
    expect(checkOrigin(post({}))).toBeUndefined();
  });

  it("GET too (exports use route({ checkOrigin: true })): a cross-site link or a foreign Origin is refused", () => {
    expect(checkOrigin(get({ "sec-fetch-site": "cross-site", "sec-fetch-mode": "navigate" }))?.status).toBe(403);
    expect(checkOrigin(get({ origin: "https://evil.example" }))?.status).toBe(403);
    expect(checkOrigin(get({ "sec-fetch-site": "same-origin" }))).toBeUndefined();
    // Typed in the address bar or opened from a bookmark.
    expect(checkOrigin(get({ "sec-fetch-site": "none" }))).toBeUndefined();
  });
});

describe("allowedOrigins", () => {
  it("a loopback APP_URL also answers to its other loopback names on the same port", () => {
    expect([...allowedOrigins("http://localhost:3100")].sort()).toEqual(["http://127.0.0.1:3100", "http://[::1]:3100", "http://localhost:3100"]);
    expect([...allowedOrigins("https://backoffice.example.com/")]).toEqual(["https://backoffice.example.com"]);
  });
});
