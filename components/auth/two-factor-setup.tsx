"use client";

import { useTranslations } from "next-intl";
import { useEffect, useState, type FormEvent } from "react";
import { SubmitButton } from "@/components/ui/submit-button";
import { FieldError, Input, Label } from "@/components/ui/input";
import { authClient } from "@/lib/auth/auth-client";
import { BackupCodes } from "./backup-codes";
import { focusField } from "./sign-in-error";

/** The base32 key inside an otpauth:// URI, in groups of four for typing ("ABCD EFGH ..."). */
function manualKey(totpURI: string): string {
  try {
    const secret = new URL(totpURI).searchParams.get("secret") ?? "";
    return secret.replace(/(.{4})/g, "$1 ").trim();
  } catch {
    return "";
  }
}

/**
 * Enrolment, steps 1-3: the QR code (and the key to type by hand), the backup codes, and the
 * first code, which turns the second factor on (Better Auth's /two-factor/verify-totp).
 */
export function TwoFactorSetup({ totpURI, backupCodes, onDone }: { totpURI: string; backupCodes: string[]; onDone: () => void }) {
  const t = useTranslations("security.twoFactor");
  const [qr, setQr] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    // Loaded here only: no other page needs the QR encoder.
    void import("qrcode").then(({ toDataURL }) =>
      toDataURL(totpURI, { margin: 1, width: 200, errorCorrectionLevel: "M" }).then((url) => live && setQr(url)),
    );
    return () => {
      live = false;
    };
  }, [totpURI]);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (pending) return;
    const code = String(new FormData(event.currentTarget).get("code") ?? "").replace(/\s+/g, "");
    if (!/^\d{6}$/.test(code)) {
      setError(t("enterCode"));
      return focusField("setup-code");
    }
    setPending(true);
    setError(null);
    try {
      const { error: failure } = await authClient.twoFactor.verifyTotp({ code });
      setPending(false);
      if (failure) {
        setError(failure.status === 401 || failure.status === 400 ? t("invalidCode") : failure.message || t("failed"));
        return focusField("setup-code");
      }
      onDone();
    } catch {
      setPending(false);
      setError(t("failed"));
    }
  }

  return (
    <div className="flex flex-col gap-6">
      <section aria-labelledby="setup-scan" className="flex flex-col gap-2">
        <h3 id="setup-scan" className="text-sm font-semibold text-fg">
          {t("scan")}
        </h3>
        <div className="flex flex-wrap items-start gap-4">
          <div className="flex h-[200px] w-[200px] items-center justify-center rounded-md border border-border bg-white p-1">
            {qr ? (
              // eslint-disable-next-line @next/next/no-img-element -- a data: URL made in the browser
              <img src={qr} alt={t("qrAlt")} width={200} height={200} data-testid="totp-qr" />
            ) : null}
          </div>
          <div className="max-w-xs text-sm text-fg-muted">
            <p>{t("manual")}</p>
            <p className="mt-1 select-all break-all font-mono text-base text-fg" data-testid="totp-key" data-uri={totpURI}>
              {manualKey(totpURI)}
            </p>
          </div>
        </div>
      </section>
      <section aria-labelledby="setup-backup" className="flex flex-col gap-2">
        <h3 id="setup-backup" className="text-sm font-semibold text-fg">
          {t("backupTitle")}
        </h3>
        <p className="text-sm text-fg-muted">{t("backupExplain")}</p>
        <BackupCodes codes={backupCodes} />
      </section>
      <section aria-labelledby="setup-verify">
        <form onSubmit={onSubmit} noValidate aria-busy={pending} className="flex max-w-sm flex-col gap-2">
          <h3 id="setup-verify" className="text-sm font-semibold text-fg">
            {t("verifyTitle")}
          </h3>
          <Label htmlFor="setup-code">{t("code")}</Label>
          <Input
            id="setup-code"
            name="code"
            inputMode="numeric"
            autoComplete="one-time-code"
            pattern="[0-9]*"
            maxLength={6}
            className="font-mono tracking-widest"
            disabled={pending}
            aria-invalid={Boolean(error)}
            aria-describedby={error ? "setup-code-error" : undefined}
          />
          <FieldError id="setup-code-error" message={error ?? undefined} />
          <SubmitButton variant="primary" disabled={pending} className="self-start">
            {pending ? t("confirming") : t("confirm")}
          </SubmitButton>
        </form>
      </section>
    </div>
  );
}
