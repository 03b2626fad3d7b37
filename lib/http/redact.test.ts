import { describe, expect, it } from "vitest";
import { redact, REDACTED, redactText } from "./redact";

describe("redact", () => {
  it("hides values under credential-like keys, whatever their case or nesting", () => {
    const out = redact({
      headers: { Authorization: "Bearer abc.def", cookie: "session=1", "Set-Cookie": "a=b", accept: "json" },
      body: { access_token: "tok", client_secret: "s3cret", password: "pw", value_cents: 100 },
      list: [{ apiKey: "k" }],
    });
    expect(out).toEqual({
      headers: { Authorization: REDACTED, cookie: REDACTED, "Set-Cookie": REDACTED, accept: "json" },
      body: { access_token: REDACTED, client_secret: REDACTED, password: REDACTED, value_cents: 100 },
      list: [{ apiKey: REDACTED }],
    });
  });

  it("hides credentials written inside free text", () => {
    const jwt = "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJzYW5kYm94In0.c2lnbmF0dXJlLXZhbHVl";
    const text = `sent Authorization: Bearer ${jwt} and Basic c2FuZGJveDpzZWNyZXQ= then access_token=xyz&page=2 {"client_secret":"abc"}`;
    const out = redactText(text);
    expect(out).not.toContain(jwt);
    expect(out).not.toContain("c2FuZGJveDpzZWNyZXQ=");
    expect(out).not.toContain("xyz");
    expect(out).not.toContain('"abc"');
    expect(out).toContain("page=2");
  });

  it("keeps the words of a message that names a token (the provider unreachable at start)", () => {
    const message = "Could not get an access token: Could not reach the payments provider";
    expect(redactText(message)).toBe(message);
    expect(redact(new Error(message))).toMatchObject({ message });
    // A credential-looking value after "token:" or "password:" in prose is still hidden.
    expect(redactText("refresh token: r8f-2kq and password: hunter2!")).toBe(`refresh token: ${REDACTED} and password: ${REDACTED}`);
    expect(redactText('{"token": "plainwords"}')).toBe(`{"token": "${REDACTED}"}`);
  });

  it("redacts Headers objects and errors with their stack and cause", () => {
    const headers = new Headers({ authorization: "Basic Zm9vOmJhcg==", "x-request-id": "r1" });
    expect(redact({ headers })).toEqual({ headers: { authorization: REDACTED, "x-request-id": "r1" } });
    const err = new Error("token call failed with Bearer abcdef123", { cause: { token: "t" } });
    const out = redact(err) as { message: string; stack: string; cause: unknown };
    expect(out.message).toBe(`token call failed with Bearer ${REDACTED}`);
    expect(out.stack).not.toContain("abcdef123");
    expect(out.cause).toEqual({ token: REDACTED });
  });

  it("survives cycles and deep objects, and keeps plain values", () => {
    const a: Record<string, unknown> = { n: 1 };
    a.self = a;
    expect(redact(a)).toEqual({ n: 1, self: "[circular]" });
    expect(redact(null)).toBeNull();
    expect(redact(42)).toBe(42);
    let deep: Record<string, unknown> = {};
    const root = deep;
    for (let i = 0; i < 20; i++) deep = (deep.next = {}) as Record<string, unknown>;
    expect(JSON.stringify(redact(root))).toContain("[too deep]");
  });
});
