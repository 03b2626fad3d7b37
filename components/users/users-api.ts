import type { PendingChangeView } from "@/lib/admin-changes/types";
import type { UserLinkAnswer, UserView } from "@/lib/auth/user-view";

/** 202: the change gives a hand on the money and waits for a second admin. */
export type PendingAnswer = { pending_change: PendingChangeView };

/** Calls to /api/users from the page: the answer, or the error text to show (already in the user's language). */
type ApiResult<T> = { ok: true; data: T } | { ok: false; error: string };

async function send<T>(method: "GET" | "POST" | "PATCH" | "DELETE", path: string, body: unknown, fallback: string): Promise<ApiResult<T>> {
  try {
    const response = await fetch(path, {
      method,
      headers: { "content-type": "application/json", accept: "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
      credentials: "same-origin",
      cache: "no-store",
    });
    const json = (await response.json().catch(() => null)) as (T & { error?: string }) | null;
    if (!response.ok || !json) return { ok: false, error: json?.error || fallback };
    return { ok: true, data: json };
  } catch {
    return { ok: false, error: fallback };
  }
}

export function addUser(input: { email: string; name?: string; role: string }, fallback: string) {
  return send<UserLinkAnswer | PendingAnswer>("POST", "/api/users", input, fallback);
}

export type UserChangeBody = { role: string } | { deactivated: boolean } | { resetSecondFactor: true } | { endSessions: true } | { newPasswordLink: true };

export function changeUser(id: string, change: UserChangeBody, fallback: string) {
  return send<(UserLinkAnswer & { user: UserView }) | PendingAnswer>("PATCH", `/api/users/${encodeURIComponent(id)}`, change, fallback);
}

/** DELETE /api/users/{id}/passkeys: revoked at once (200), or waiting for a second admin (202). */
export function revokePasskeys(id: string, fallback: string) {
  return send<{ revoked: number; endedSessions: number } | PendingAnswer>("DELETE", `/api/users/${encodeURIComponent(id)}/passkeys`, undefined, fallback);
}

/** Every account again (after another admin's change was confirmed). */
export function listUsers(fallback: string) {
  return send<{ users: UserView[] }>("GET", "/api/users", undefined, fallback);
}
