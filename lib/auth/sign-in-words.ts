/**
 * What the sign-in form says for each failure, in the page's language (client-safe: the caller
 * passes its `useTranslations("auth")`; the server's /api/auth answers use the same words, lib/auth/auth-problem.ts). The 401 text never tells an unknown email apart.
 */
type SignInFailure = { status?: number; code?: string; message?: string; retryAfter?: number };

type Values = Record<string, string | number>;
export type AuthT = (key: string, values?: Values) => string;

/** "30 seconds" / "2 minutes" (rounded up). */
export function waitText(t: AuthT, seconds: number): string {
  return seconds < 120 ? t("signIn.seconds", { count: seconds }) : t("signIn.minutes", { count: Math.ceil(seconds / 60) });
}

export function signInErrorMessage(failure: SignInFailure | null | undefined, t: AuthT): string {
  const status = failure?.status ?? 0;
  const code = failure?.code;
  if (code === "AUDIT_UNAVAILABLE" || status === 503) return failure?.message || t("signIn.serverError");
  if (code === "ACCOUNT_DEACTIVATED") return t("signIn.deactivated");
  if (code === "PASSKEY_REQUIRED") return t("signIn.usePasskey");
  if (status === 401) return t("signIn.failed");
  if (status === 429) {
    const wait = failure?.retryAfter;
    return typeof wait === "number" && wait > 0 ? t("signIn.throttledFor", { wait: waitText(t, wait) }) : t("signIn.throttled");
  }
  if (status === 403) return t("signIn.refused");
  if (status >= 500) return t("signIn.serverError");
  if (status === 0) return t("signIn.network");
  if (status === 422 || status === 400) return failure?.message || t("signIn.failedStatus", { status });
  return t("signIn.failedStatus", { status });
}

/** The code step's failures: a wrong code, an expired or used-up challenge, a locked account. */
export function codeErrorMessage(failure: SignInFailure | null | undefined, t: AuthT): { message: string; restart: boolean } {
  const code = failure?.code;
  const status = failure?.status ?? 0;
  if (code === "INVALID_CODE" || code === "INVALID_BACKUP_CODE") return { message: t("twoFactor.invalidCode"), restart: false };
  if (code === "INVALID_TWO_FACTOR_COOKIE") return { message: t("twoFactor.expired"), restart: true };
  if (code === "TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE") return { message: t("twoFactor.tooMany"), restart: true };
  if (code === "ACCOUNT_TEMPORARILY_LOCKED") return { message: t("twoFactor.locked"), restart: true };
  if (status === 401) return { message: t("twoFactor.invalidCode"), restart: false };
  return { message: signInErrorMessage(failure, t), restart: false };
}

/** Better Auth's client error, with the extra members our answers carry (code, retryAfter). */
export function toFailure(error: { status?: number; code?: string; message?: string; retryAfter?: unknown } | null | undefined): SignInFailure {
  return {
    status: error?.status ?? 0,
    code: typeof error?.code === "string" ? error.code : undefined,
    message: error?.message,
    retryAfter: typeof error?.retryAfter === "number" ? error.retryAfter : undefined,
  };
}
