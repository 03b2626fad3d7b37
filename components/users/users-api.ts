import type { UserLinkAnswer, UserView } from "@/lib/auth/user-view";

/** Calls to /api/users from the page: the answer, or the error text to show (already in the user's language). */
type ApiResult<T> = { ok: true; data: T } | { ok: false; error: string };

async function send<T>(method: "POST" | "PATCH", path: string, body: unknown, fallback: string): Promise<ApiResult<T>> {
  try {
    const response = await fetch(path, {
      method,
      headers: { "content-type": "application/json", accept: "application/json" },
      body: JSON.stringify(body),
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
  return send<UserLinkAnswer>("POST", "/api/users", input, fallback);
}

export type UserChangeBody = { role: string } | { deactivated: boolean } | { resetSecondFactor: true } | { endSessions: true } | { newPasswordLink: true };

export function changeUser(id: string, change: UserChangeBody, fallback: string) {
  return send<UserLinkAnswer & { user: UserView }>("PATCH", `/api/users/${encodeURIComponent(id)}`, change, fallback);
}
