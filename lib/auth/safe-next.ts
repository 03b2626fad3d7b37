/**
 * Where to go after signing in. Only a same-site relative path is accepted ("/payments?x=1"),
 * never "//evil.example", "/\\evil.example", "https://..." or "javascript:": the `next`
 * parameter of /login must not become an open redirect. Client-safe.
 */
const DEFAULT_AFTER_SIGN_IN = "/";

export function safeNextPath(value: unknown, fallback: string = DEFAULT_AFTER_SIGN_IN): string {
  const raw = Array.isArray(value) ? value[0] : value;
  if (typeof raw !== "string" || raw.length === 0 || raw.length > 2048) return fallback;
  if (!raw.startsWith("/") || raw.startsWith("//")) return fallback;
  // Browsers treat "\" as "/" in URLs; control characters can hide a scheme or a host.
  if (/[\\\u0000-\u001f\u007f]/.test(raw)) return fallback;
  let url: URL;
  try {
    url = new URL(raw, "http://same.invalid");
  } catch {
    return fallback;
  }
  if (url.origin !== "http://same.invalid") return fallback;
  const path = `${url.pathname}${url.search}${url.hash}`;
  // Going "back" to the sign-in page itself would be a loop.
  if (url.pathname === "/login" || url.pathname.startsWith("/login/")) return fallback;
  if (url.pathname.startsWith("/api/")) return fallback;
  return path;
}

/** The /login URL that returns to `path` after signing in. */
export function loginUrlFor(path: string): string {
  const next = safeNextPath(path, "");
  return next && next !== "/" ? `/login?next=${encodeURIComponent(next)}` : "/login";
}
