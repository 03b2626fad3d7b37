"use client";

import { Fingerprint, LogIn } from "lucide-react";
import { useTranslations } from "next-intl";
import { useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { SubmitButton } from "@/components/ui/submit-button";
import { FieldError, Input, Label } from "@/components/ui/input";
import { authClient } from "@/lib/auth/auth-client";
import { CodeStep } from "./code-step";
import { signInErrorMessage, toFailure, type AuthT } from "@/lib/auth/sign-in-words";
import { focusField } from "./sign-in-error";
import { FormAlert } from "@/components/ui/notice";

type FieldErrors = { email?: string; password?: string };

/**
 * Email + password, then, for an account with a second factor, the code step; or a passkey
 * (Better Auth's passkey plugin: the device asks for the fingerprint, face or PIN). On success a
 * full page load goes to `next` (already validated).
 */
export function LoginForm({ next }: { next: string }) {
  const t = useTranslations("auth");
  const tt = t as unknown as AuthT;
  const [step, setStep] = useState<"password" | "code">("password");
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [fields, setFields] = useState<FieldErrors>({});
  const [email, setEmail] = useState("");

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (pending) return;
    const form = new FormData(event.currentTarget);
    const typedEmail = String(form.get("email") ?? "").trim();
    const password = String(form.get("password") ?? "");
    const missing: FieldErrors = {};
    if (!typedEmail) missing.email = t("signIn.enterEmail");
    if (!password) missing.password = t("signIn.enterPassword");
    setFields(missing);
    setError(null);
    if (missing.email || missing.password) {
      focusField(missing.email ? "email" : "password");
      return;
    }
    setPending(true);
    try {
      const { data, error: failure } = await authClient.signIn.email({ email: typedEmail, password });
      if (failure) {
        setError(signInErrorMessage(toFailure(failure), tt));
        setPending(false);
        focusField("password");
        return;
      }
      if (data && "twoFactorRedirect" in data && data.twoFactorRedirect) {
        setEmail(typedEmail);
        setPending(false);
        setStep("code");
        return;
      }
      // A full load: every server component renders again with the new session.
      window.location.assign(next);
    } catch {
      setError(signInErrorMessage({ status: 0 }, tt));
      setPending(false);
    }
  }

  async function withPasskey() {
    if (pending) return;
    setPending(true);
    setError(null);
    try {
      const { error: failure } = await authClient.signIn.passkey();
      if (failure) {
        const code = (failure as { code?: string }).code;
        setError(code === "ACCOUNT_DEACTIVATED" || failure.status === 429 || (failure.status ?? 0) >= 500 ? signInErrorMessage(toFailure(failure), tt) : t("signIn.passkeyFailed"));
        setPending(false);
        return;
      }
      window.location.assign(next);
    } catch {
      setError(signInErrorMessage({ status: 0 }, tt));
      setPending(false);
    }
  }

  if (step === "code") {
    return (
      <CodeStep
        email={email}
        next={next}
        onRestart={(message) => {
          setStep("password");
          setError(message);
          focusField("password");
        }}
      />
    );
  }

  return (
    <form onSubmit={onSubmit} noValidate aria-busy={pending} className="flex flex-col gap-4">
      <FormAlert id="sign-in-error" message={error} />
      <div className="flex flex-col gap-1.5">
        <Label htmlFor="email">{t("signIn.email")}</Label>
        <Input
          id="email"
          name="email"
          type="email"
          autoComplete="username"
          inputMode="email"
          autoCapitalize="none"
          spellCheck={false}
          required
          autoFocus
          defaultValue={email}
          disabled={pending}
          aria-invalid={Boolean(fields.email || error)}
          aria-describedby={fields.email ? "email-error" : error ? "sign-in-error" : undefined}
        />
        <FieldError id="email-error" message={fields.email} />
      </div>
      <div className="flex flex-col gap-1.5">
        <Label htmlFor="password">{t("signIn.password")}</Label>
        <Input
          id="password"
          name="password"
          type="password"
          autoComplete="current-password"
          required
          disabled={pending}
          aria-invalid={Boolean(fields.password || error)}
          aria-describedby={fields.password ? "password-error" : error ? "sign-in-error" : undefined}
        />
        <FieldError id="password-error" message={fields.password} />
      </div>
      <SubmitButton variant="primary" size="lg" disabled={pending} className="w-full">
        <LogIn aria-hidden className="h-4 w-4" />
        {pending ? t("signIn.submitting") : t("signIn.submit")}
      </SubmitButton>
      <Button type="button" size="lg" disabled={pending} className="w-full" onClick={() => void withPasskey()}>
        <Fingerprint aria-hidden className="h-4 w-4" />
        {t("signIn.withPasskey")}
      </Button>
    </form>
  );
}
