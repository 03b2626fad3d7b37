/**
 * Removes credentials from anything about to be logged: values under sensitive keys
 * (authorization, cookie, token, secret, password...), and credential-looking text anywhere
 * (Bearer/Basic values, JWTs, access_token=... pairs). Returns a copy; never mutates.
 */
const SENSITIVE_KEY = /authorization|cookie|token|secret|password|passwd|api[-_]?key|credential|session|x-nonce/i;
const MAX_DEPTH = 8;
export const REDACTED = "[redacted]";

const SECRET_NAMES = "(?:access_token|refresh_token|client_secret|password|token|secret)";
const VALUE = `[^"'&\\s,}]+`;

const TEXT_PATTERNS: [RegExp, string][] = [
  [/\b(Bearer|Basic)\s+[A-Za-z0-9._~+/=-]+/gi, `$1 ${REDACTED}`],
  [/\beyJ[A-Za-z0-9_-]{5,}\.[A-Za-z0-9_-]{5,}\.[A-Za-z0-9_-]*/g, REDACTED],
  // key=value (forms, query strings) and "key": "value" (JSON): always.
  [new RegExp(`(${SECRET_NAMES}["']?\\s*=\\s*["']?)${VALUE}`, "gi"), `$1${REDACTED}`],
  [new RegExp(`(${SECRET_NAMES}["']\\s*:\\s*["']?)${VALUE}`, "gi"), `$1${REDACTED}`],
  // key: value in prose only when the value looks like a credential (a digit or a sign in it):
  // "Could not get an access token: Could not reach the provider" keeps its words.
  [new RegExp(`(${SECRET_NAMES}\\s*:\\s*)(?=[^"'&\\s,}]*[^A-Za-z"'&\\s,}])${VALUE}`, "gi"), `$1${REDACTED}`],
];

export function redactText(text: string): string {
  let out = text;
  for (const [pattern, replacement] of TEXT_PATTERNS) out = out.replace(pattern, replacement);
  return out;
}

export function redact(value: unknown): unknown {
  return walk(value, 0, new WeakSet());
}

function walk(value: unknown, depth: number, seen: WeakSet<object>): unknown {
  if (typeof value === "string") return redactText(value);
  if (value === null || typeof value !== "object") return value;
  if (seen.has(value)) return "[circular]";
  if (depth >= MAX_DEPTH) return "[too deep]";
  seen.add(value);
  if (value instanceof Error) {
    return {
      name: value.name,
      message: redactText(value.message),
      ...(value.stack ? { stack: redactText(value.stack) } : {}),
      ...("kind" in value ? { kind: (value as { kind: unknown }).kind } : {}),
      ...(value.cause !== undefined ? { cause: walk(value.cause, depth + 1, seen) } : {}),
    };
  }
  if (value instanceof Headers) return walk(Object.fromEntries(value.entries()), depth, seen);
  if (Array.isArray(value)) return value.map((item) => walk(item, depth + 1, seen));
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    out[key] = SENSITIVE_KEY.test(key) && item !== null && item !== undefined ? REDACTED : walk(item, depth + 1, seen);
  }
  return out;
}
