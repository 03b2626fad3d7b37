"use client";

import { Fingerprint, Trash2 } from "lucide-react";
import { useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useStepUp } from "@/components/auth/step-up";
import { Button } from "@/components/ui/button";
import { authClient } from "@/lib/auth/auth-client";
import { stepUpAnswer } from "@/lib/auth/answers";
import { answerParsedBy } from "@/lib/domain/answer-schema";
import { apiPost, isApiRequestError } from "@/lib/domain/api-client";
import { describeAgent } from "@/lib/devices/describe";
import { formatBrazilDate } from "@/lib/pix/time";

type Passkey = { id: string; name?: string | null; createdAt: string | Date; backedUp: boolean };
const readRecent = answerParsedBy(stepUpAnswer);

/**
 * The person's passkeys (Better Auth's passkey plugin): add one on this device, remove one.
 * Both change what proves the person, so both first make sure the session proved it recently
 * (POST /api/me/step-up/recent: the step-up dialog when not), as the server also requires.
 */
export function PasskeysSettings() {
  const t = useTranslations("security.passkeys");
  const router = useRouter();
  const withStepUp = useStepUp();
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<{ tone: "ok" | "error"; text: string } | null>(null);
  const supported = typeof window === "undefined" || typeof window.PublicKeyCredential === "function";
  const list = useQuery({
    queryKey: ["me", "passkeys"],
    queryFn: async () => {
      const { data, error } = await authClient.passkey.listUserPasskeys();
      if (error || !data) throw new Error(t("failed"));
      return data as Passkey[];
    },
  });
  const keys = list.data ?? null;
  const load = () => list.refetch();

  async function recent(): Promise<boolean> {
    try {
      await withStepUp(() => apiPost("/api/me/step-up/recent", {}, readRecent));
      return true;
    } catch (err) {
      // Someone who must enrol a second factor first has just signed in: the server checks that.
      return isApiRequestError(err) && err.kind === "second_factor_required";
    }
  }

  async function add() {
    setBusy(true);
    setNotice(null);
    if (!(await recent())) return setBusy(false);
    const { error } = await authClient.passkey.addPasskey({ name: deviceName() });
    setBusy(false);
    if (error) return setNotice({ tone: "error", text: t("addFailed") });
    setNotice({ tone: "ok", text: t("added") });
    await load();
    router.refresh();
  }

  async function remove(key: Passkey) {
    if (!window.confirm(t("removeConfirm", { name: key.name || t("unnamed") }))) return;
    setBusy(true);
    setNotice(null);
    if (!(await recent())) return setBusy(false);
    const { error } = await authClient.passkey.deletePasskey({ id: key.id });
    setBusy(false);
    if (error) return setNotice({ tone: "error", text: t("failed") });
    setNotice({ tone: "ok", text: t("removed") });
    await load();
    router.refresh();
  }

  return (
    <div className="flex flex-col gap-3">
      {list.isError ? <p role="alert" className="text-sm text-red-700 dark:text-red-400">{t("failed")}</p> : null}
      {keys && keys.length === 0 ? <p className="text-sm text-fg-muted">{t("none")}</p> : null}
      {keys && keys.length > 0 ? (
        <ul className="flex flex-col divide-y divide-border rounded-md border border-border" aria-label={t("heading")}>
          {keys.map((key) => (
            <li key={key.id} className="flex items-center justify-between gap-3 px-3 py-2">
              <div className="flex min-w-0 items-center gap-2">
                <Fingerprint aria-hidden className="h-4 w-4 shrink-0 text-fg-muted" />
                <div className="min-w-0">
                  <p className="truncate text-sm font-medium text-fg">{key.name || t("unnamed")}</p>
                  <p className="text-xs text-fg-muted">
                    {t("createdOn", { date: formatBrazilDate(key.createdAt) })}
                    {key.backedUp ? ` · ${t("synced")}` : ""}
                  </p>
                </div>
              </div>
              <Button size="sm" variant="ghost" disabled={busy} onClick={() => void remove(key)} aria-label={`${t("remove")}: ${key.name || t("unnamed")}`}>
                <Trash2 aria-hidden className="h-4 w-4" />
                {t("remove")}
              </Button>
            </li>
          ))}
        </ul>
      ) : null}
      {notice ? (
        <p role={notice.tone === "error" ? "alert" : "status"} className={notice.tone === "error" ? "text-sm text-red-700 dark:text-red-400" : "text-sm text-green-800 dark:text-green-300"}>
          {notice.text}
        </p>
      ) : null}
      {supported ? (
        <div>
          <Button variant="primary" disabled={busy} onClick={() => void add()}>
            <Fingerprint aria-hidden className="h-4 w-4" />
            {busy ? t("adding") : t("add")}
          </Button>
        </div>
      ) : (
        <p className="text-sm text-fg-muted">{t("unsupported")}</p>
      )}
    </div>
  );
}

/** A name people recognise in the list: the device as the browser describes it. */
function deviceName(): string {
  return describeAgent(navigator.userAgent).slice(0, 60);
}
