"use client";

import { ShieldCheck, ShieldOff } from "lucide-react";
import { useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { Button, buttonVariants } from "@/components/ui/button";
import { authClient } from "@/lib/auth/auth-client";
import { BackupCodes } from "./backup-codes";
import { PasswordConfirm } from "./password-confirm";
import { TwoFactorSetup } from "./two-factor-setup";

type Stage =
  | { kind: "idle" }
  | { kind: "password"; purpose: "enable" | "disable" | "codes" }
  | { kind: "setup"; totpURI: string; backupCodes: string[] }
  | { kind: "enabled" }
  | { kind: "codes"; backupCodes: string[] };

/**
 * The user's own second factor: set it up (password, QR code, backup codes, first code), turn it
 * off when their role allows, or get new backup codes. `next`: where "Continue" goes once a
 * required enrolment is done.
 */
export function TwoFactorSettings({ enabled, required, next }: { enabled: boolean; required: boolean; next: string | null }) {
  const t = useTranslations("security.twoFactor");
  const router = useRouter();
  const [stage, setStage] = useState<Stage>({ kind: "idle" });
  const [notice, setNotice] = useState<string | null>(null);

  const wrongPassword = (status?: number) => (status === 400 || status === 401 ? t("wrongPassword") : t("failed"));

  async function confirm(purpose: "enable" | "disable" | "codes", password: string): Promise<string | null> {
    if (purpose === "enable") {
      const { data, error } = await authClient.twoFactor.enable({ password });
      if (error || !data || !("totpURI" in data) || !data.totpURI) return wrongPassword(error?.status);
      setStage({ kind: "setup", totpURI: data.totpURI, backupCodes: data.backupCodes ?? [] });
      return null;
    }
    if (purpose === "disable") {
      const { error } = await authClient.twoFactor.disable({ password });
      if (error) return wrongPassword(error.status);
      setStage({ kind: "idle" });
      setNotice(t("turnedOff"));
      router.refresh();
      return null;
    }
    const { data, error } = await authClient.twoFactor.generateBackupCodes({ password });
    if (error || !data) return wrongPassword(error?.status);
    setStage({ kind: "codes", backupCodes: data.backupCodes });
    return null;
  }

  if (stage.kind === "setup") {
    return <TwoFactorSetup totpURI={stage.totpURI} backupCodes={stage.backupCodes} onDone={() => setStage({ kind: "enabled" })} />;
  }
  if (stage.kind === "enabled") {
    return (
      <div className="flex flex-col items-start gap-3">
        <p role="status" className="rounded-md border border-green-300 bg-green-50 px-3 py-2 text-sm text-green-900 dark:border-green-800 dark:bg-green-950/40 dark:text-green-100">
          {t("enabled")}
        </p>
        {/* A full load: the session was renewed when the factor was turned on. */}
        <a href={next ?? "/"} className={buttonVariants({ variant: "primary" })}>
          {t("continue")}
        </a>
      </div>
    );
  }
  if (stage.kind === "password") {
    const texts = {
      enable: { explain: t("passwordToStart"), submit: t("start"), variant: "primary" as const },
      disable: { explain: t("turnOffExplain"), submit: t("turnOff"), variant: "danger" as const },
      codes: { explain: t("newCodesExplain"), submit: t("newCodes"), variant: "secondary" as const },
    }[stage.purpose];
    return <PasswordConfirm {...texts} onConfirm={(password) => confirm(stage.purpose, password)} onCancel={() => setStage({ kind: "idle" })} />;
  }

  return (
    <div className="flex flex-col items-start gap-3">
      {notice ? (
        <p role="status" className="text-sm text-fg">
          {notice}
        </p>
      ) : null}
      <p className="flex items-center gap-2 text-sm text-fg">
        {enabled ? <ShieldCheck aria-hidden className="h-4 w-4 text-green-700 dark:text-green-400" /> : <ShieldOff aria-hidden className="h-4 w-4 text-fg-muted" />}
        {enabled ? t("statusOn") : t("statusOff")}
      </p>
      {stage.kind === "codes" ? (
        <div className="flex flex-col gap-2">
          <p role="status" className="text-sm text-fg">
            {t("newCodesReady")}
          </p>
          <BackupCodes codes={stage.backupCodes} />
        </div>
      ) : null}
      {enabled ? (
        <div className="flex flex-wrap gap-2">
          <Button onClick={() => setStage({ kind: "password", purpose: "codes" })}>{t("newCodes")}</Button>
          {required ? null : (
            <Button variant="danger" onClick={() => setStage({ kind: "password", purpose: "disable" })}>
              {t("turnOff")}
            </Button>
          )}
        </div>
      ) : (
        <Button variant="primary" onClick={() => setStage({ kind: "password", purpose: "enable" })}>
          {t("start")}
        </Button>
      )}
      {enabled && required ? <p className="text-xs text-fg-muted">{t("cannotTurnOff")}</p> : null}
    </div>
  );
}
