import "server-only";
import { sql } from "drizzle-orm";
import type { Db } from "@/lib/db";
import { createAuth, type CreateAuthOptions } from "./auth";
import { handleAuthRequest } from "./auth-request";

/** Test-only helpers: an auth instance on a test store and HTTP calls through its handler. */
const TEST_BASE_URL = "http://localhost:3000";
export const TEST_SECRET = "test-secret-test-secret-test-secret-0001";

export function createTestAuth(db: Db, overrides: Partial<CreateAuthOptions> = {}) {
  return createAuth({ db, secret: TEST_SECRET, baseURL: TEST_BASE_URL, logLevel: "error", ...overrides });
}

export type TestAuth = ReturnType<typeof createTestAuth>;

export function authRequest(
  path: string,
  init: { body?: unknown; ip?: string; cookie?: string; origin?: string; method?: string; baseURL?: string } = {},
): Request {
  const base = init.baseURL ?? TEST_BASE_URL;
  // What Next.js hands a route handler: X-Forwarded-For holding the address the server saw.
  const headers = new Headers({ "x-forwarded-for": init.ip ?? "203.0.113.7" });
  if (init.body !== undefined) headers.set("content-type", "application/json");
  if (init.cookie) headers.set("cookie", init.cookie);
  headers.set("origin", init.origin ?? base);
  return new Request(`${base}/api/auth${path}`, {
    method: init.method ?? "POST",
    headers,
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
}

/** The `name=value` pairs of a response's Set-Cookie headers, ready for a Cookie header. */
export function cookieHeader(response: Response): string {
  return response.headers
    .getSetCookie()
    .map((c) => c.split(";")[0] ?? "")
    .filter((pair) => pair && !pair.endsWith("="))
    .join("; ");
}

/** A call through the same door as the /api/auth/* route (handleAuthRequest). */
export async function callAuth(auth: Pick<TestAuth, "handler">, request: Request): Promise<Response> {
  return handleAuthRequest(auth, request);
}

export async function signIn(auth: TestAuth, email: string, password: string, ip?: string): Promise<Response> {
  return callAuth(auth, authRequest("/sign-in/email", { body: { email, password }, ip }));
}

/** A trigger that makes every insert into the audit log fail, as a full disk or a lost table would. */
export async function auditStoreDown(db: Db): Promise<void> {
  await db.execute(sql`create or replace function audit_store_down() returns trigger language plpgsql as $$ begin raise exception 'audit store down'; end $$`);
  await db.execute(sql`create trigger audit_store_down before insert on audit_log for each row execute function audit_store_down()`);
}

export async function auditStoreUp(db: Db): Promise<void> {
  await db.execute(sql`drop trigger if exists audit_store_down on audit_log`);
}

/** A cookie jar for a sequence of calls: the `name=value` pairs, later Set-Cookie headers winning (an expired one removes). */
export function mergeCookies(jar: string, response: Response): string {
  const pairs = new Map(
    jar
      .split(";")
      .map((p) => p.trim())
      .filter(Boolean)
      .map((p) => [p.slice(0, p.indexOf("=")), p.slice(p.indexOf("=") + 1)] as const),
  );
  for (const cookie of response.headers.getSetCookie()) {
    const [pair = ""] = cookie.split(";");
    const name = pair.slice(0, pair.indexOf("="));
    const value = pair.slice(pair.indexOf("=") + 1);
    if (!value || /max-age=0\b/i.test(cookie)) pairs.delete(name);
    else pairs.set(name, value);
  }
  return [...pairs].map(([name, value]) => `${name}=${value}`).join("; ");
}

/** The current code of an otpauth:// URI, computed with Better Auth's own OTP helper (RFC 6238). */
export async function totpNow(totpURI: string): Promise<string> {
  const { base32 } = await import("@better-auth/utils/base32");
  const { createOTP } = await import("@better-auth/utils/otp");
  const secret = new URL(totpURI).searchParams.get("secret") ?? "";
  return createOTP(new TextDecoder().decode(base32.decode(secret))).totp();
}
