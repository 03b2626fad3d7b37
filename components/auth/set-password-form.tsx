"use client";

import { KeyRound } from "lucide-react";
import { useTranslations } from "next-intl";
import Link from "next/link";
import { useState, type FormEvent } from "react";
import { buttonVariants } from "@/components/ui/button";
import { SubmitButton } from "@/components/ui/submit-button";
import { FieldError, Input, Label } from "@/components/ui/input";
import { authClient } from "@/lib/auth/auth-client";
import { focusField } from "./sign-in-error";
import { FormAlert } from "@/components/ui/notice";

type Limits = { min: number; max: number };
type Fields = { password?: string; confirm?: string };

/** What is wrong with a new password and its repetition (nothing: an empty object). */
function checkNewPassword(password: string, confirm: string, limits: Limits): { password?: "tooShort" | "tooLong"; confirm?: "mismatch" } {
  if (password.length < limits.min) return { password: "tooShort" };
  if (password.length > limits.max) return { password: "tooLong" };
  if (password !== confirm) return { confirm: "mismatch" };
  return {};
}

/**
 * The page an admin's one-time link opens: the new user chooses a password (Better Auth's
 * /reset-password consumes the token: a used or expired link says so), and is signed in with it
 * at once. When signing in needs more (a second factor already set up), the sign-in page does it.
 */
export function SetPasswordForm({ token, email, limits }: { token: string; email: string; limits: Limits }) {
  const t = useTranslations("auth.setPassword");
  const tSignIn = useTranslations("auth.signIn");
  const [pending, setPending] = useState(false);
  const [done, setDone] = useState(false);
  const [signingIn, setSigningIn] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [fields, setFields] = useState<Fields>({});

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (pending) return;
    const form = new FormData(event.currentTarget);
    const password = String(form.get("password") ?? "");
    const confirm = String(form.get("confirm") ?? "");
    const problems = checkNewPassword(password, confirm, limits);
    setFields({
      password: problems.password ? t(problems.password, limits) : undefined,
      confirm: problems.confirm ? t(problems.confirm) : undefined,
    });
    setError(null);
    if (problems.password || problems.confirm) return focusField(problems.password ? "password" : "confirm");
    setPending(true);
    try {
      const { error: failure } = await authClient.resetPassword({ newPassword: password, token });
      if (failure) {
        setPending(false);
        setError(failure.status === 400 || failure.status === 401 ? t("invalidLink") : failure.message || t("invalidLink"));
        return;
      }
      setSigningIn(true);
      const signedIn = await authClient.signIn.email({ email, password }).catch(() => null);
      const needsMore = !signedIn?.data || signedIn.error || ("twoFactorRedirect" in signedIn.data && signedIn.data.twoFactorRedirect);
      // A full load, not a client navigation: every server component renders again with the new session.
      // eslint-disable-next-line @next/next/no-location-assign-relative-destination
      if (!needsMore) return window.location.assign("/");
      setPending(false);
      setDone(true);
    } catch {
      setPending(false);
      setError(t("invalidLink"));
    }
  }

  if (done) {
    return (
      <div className="flex flex-col gap-4">
        <p role="status" className="rounded-md border border-green-300 bg-green-50 px-3 py-2 text-sm text-green-900 dark:border-green-800 dark:bg-green-950/40 dark:text-green-100">
          {t("done")}
        </p>
        <Link href="/login" className={buttonVariants({ variant: "primary", size: "lg" })}>
          {t("goSignIn")}
        </Link>
      </div>
    );
  }

  return (
    <form onSubmit={onSubmit} noValidate aria-busy={pending} className="flex flex-col gap-4">
      <FormAlert message={error} />
      <div className="flex flex-col gap-1.5">
        <Label htmlFor="password">{t("password")}</Label>
        <Input
          id="password"
          name="password"
          type="password"
          autoComplete="new-password"
          autoFocus
          required
          disabled={pending}
          aria-invalid={Boolean(fields.password)}
          aria-describedby={fields.password ? "password-error" : "password-hint"}
        />
        <p id="password-hint" className="text-xs text-fg-muted">
          {t("hint", limits)}
        </p>
        <FieldError id="password-error" message={fields.password} />
      </div>
      <div className="flex flex-col gap-1.5">
        <Label htmlFor="confirm">{t("confirm")}</Label>
        <Input
          id="confirm"
          name="confirm"
          type="password"
          autoComplete="new-password"
          required
          disabled={pending}
          aria-invalid={Boolean(fields.confirm)}
          aria-describedby={fields.confirm ? "confirm-error" : undefined}
        />
        <FieldError id="confirm-error" message={fields.confirm} />
      </div>
      <SubmitButton variant="primary" size="lg" disabled={pending} className="w-full">
        <KeyRound aria-hidden className="h-4 w-4" />
        {signingIn ? tSignIn("submitting") : pending ? t("submitting") : t("submit")}
      </SubmitButton>
    </form>
  );
}
