/** What the sign-in form says for each failure. The 401 text never tells an unknown email apart. */
export type SignInFailure = { status?: number; message?: string };

export function signInErrorMessage(failure: SignInFailure | null | undefined): string {
  const status = failure?.status ?? 0;
  if (status === 401) return "Email or password is incorrect";
  if (status === 429) {
    return failure?.message && /wait|try again/i.test(failure.message)
      ? failure.message
      : "Too many sign-in attempts. Wait a minute and try again.";
  }
  if (status === 403) return "Sign-in was refused for this address. Open the back office from its usual URL.";
  if (status >= 500) return "The server could not sign you in right now. Try again in a moment.";
  if (status === 0) return "Could not reach the server. Check your connection and try again.";
  return failure?.message || `Sign-in failed (HTTP ${status})`;
}
