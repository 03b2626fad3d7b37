import { expect, type APIResponse } from "@playwright/test";

/** No session, English (like the specs' signed-in states): answers are compared with English words. */
const ENGLISH = { name: "NEXT_LOCALE", value: "en", domain: "localhost", path: "/", expires: -1, httpOnly: false, secure: false, sameSite: "Lax" as const };

/** The storage state of a visitor without a session who reads English. */
export const ANON_ENGLISH = { cookies: [ENGLISH], origins: [] };

/** Nothing an attacker can learn the server's insides from: no HTML page, no stack, no paths. */
export async function expectNoLeak(res: APIResponse, what: string) {
  const type = res.headers()["content-type"] ?? "";
  const body = await res.text();
  expect(type, `${what}: content-type`).not.toContain("text/html");
  expect(body.trimStart().slice(0, 15).toLowerCase(), `${what}: body`).not.toMatch(/^<(!doctype|html)/);
  expect(body, `${what}: stack trace`).not.toMatch(/\n\s*at\s+\S+/);
  expect(body, `${what}: file path`).not.toMatch(/\/work\/|node_modules|webpack|turbopack|\.(?:ts|tsx|js|mjs):\d+/i);
}
