"use client";

import { ShieldCheck } from "lucide-react";
import { useTranslations } from "next-intl";
import { useEffect, useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { SubmitButton } from "@/components/ui/submit-button";
import { FieldError, Input, Label } from "@/components/ui/input";
import { authClient } from "@/lib/auth/auth-client";
import { codeErrorMessage, toFailure, type AuthT } from "@/lib/auth/sign-in-words";
import { focusField } from "./sign-in-error";
import { FormAlert } from "@/components/ui/notice";

/**
 * The second step of a sign-in for an account with a second factor: the 6-digit code of the
 * authenticator app, or one of the backup codes. A challenge that expired or used up its
 * attempts sends the user back to the password step with the reason.
 */
export function CodeStep({ email, next, onRestart }: { email: string; next: string; onRestart: (message: string) => void }) {
  const t = useTranslations("auth");
  const tt = t as unknown as AuthT;
  const [backup, setBackup] = useState(false);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [missing, setMissing] = useState(false);

  useEffect(() => focusField("code"), [backup]);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (pending) return;
    const code = String(new FormData(event.currentTarget).get("code") ?? "").replace(/\s+/g, "");
    setError(null);
    setMissing(!code);
    if (!code) return focusField("code");
    setPending(true);
    try {
      const { error: failure } = backup
        ? await authClient.twoFactor.verifyBackupCode({ code })
        : await authClient.twoFactor.verifyTotp({ code });
      if (failure) {
        const { message, restart } = codeErrorMessage(toFailure(failure), tt);
        setPending(false);
        if (restart) return onRestart(message);
        setError(message);
        return focusField("code");
      }
      window.location.assign(next);
    } catch {
      setError(codeErrorMessage({ status: 0 }, tt).message);
      setPending(false);
    }
  }

  const label = backup ? t("twoFactor.backupCode") : t("twoFactor.code");
  return (
    <form onSubmit={onSubmit} noValidate aria-busy={pending} className="flex flex-col gap-4" aria-labelledby="code-step-title">
      <div className="flex items-start gap-2">
        <ShieldCheck aria-hidden className="mt-0.5 h-5 w-5 shrink-0 text-brand-600 dark:text-brand-500" />
        <div>
          <h2 id="code-step-title" className="text-base font-semibold text-fg">
            {t("twoFactor.title")}
          </h2>
          <p className="text-sm text-fg-muted">{backup ? t("twoFactor.backupIntro") : t("twoFactor.intro")}</p>
          <p className="mt-1 break-all font-mono text-xs text-fg-muted">{email}</p>
        </div>
      </div>
      <FormAlert id="code-error" message={error} />
      <div className="flex flex-col gap-1.5">
        <Label htmlFor="code">{label}</Label>
        <Input
          key={backup ? "backup" : "totp"}
          id="code"
          name="code"
          type="text"
          inputMode={backup ? "text" : "numeric"}
          autoComplete="one-time-code"
          autoCapitalize="none"
          spellCheck={false}
          maxLength={backup ? 20 : 6}
          pattern={backup ? undefined : "[0-9]*"}
          className="font-mono tracking-widest"
          required
          disabled={pending}
          aria-invalid={Boolean(missing || error)}
          aria-describedby={missing ? "code-missing" : error ? "code-error" : undefined}
        />
        <FieldError id="code-missing" message={missing ? t("twoFactor.enterCode") : undefined} />
      </div>
      <SubmitButton variant="primary" size="lg" disabled={pending} className="w-full">
        {pending ? t("twoFactor.verifying") : t("twoFactor.verify")}
      </SubmitButton>
      <div className="flex flex-wrap items-center justify-between gap-2 text-sm">
        <Button variant="link" size="xs" onClick={() => { setBackup(!backup); setError(null); setMissing(false); }} disabled={pending}>
          {backup ? t("twoFactor.useApp") : t("twoFactor.useBackup")}
        </Button>
        <Button variant="link" size="xs" onClick={() => onRestart("")} disabled={pending}>
          {t("twoFactor.startOver")}
        </Button>
      </div>
    </form>
  );
}
