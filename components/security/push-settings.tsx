"use client";

import { Bell, BellOff, Smartphone, Trash2 } from "lucide-react";
import { useTranslations } from "next-intl";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { answerParsedBy } from "@/lib/domain/answer-schema";
import { apiDelete, apiGet, apiPost, isApiRequestError } from "@/lib/domain/api-client";
import { describeAgent } from "@/lib/devices/describe";
import { formatBrazilDateTime } from "@/lib/pix/time";
import { pushSubscribedAnswer, pushSubscriptionsAnswer, type PushDevice } from "@/lib/push/answers";
import { applicationServerKey, pushSupported, serviceWorker } from "@/lib/push/browser";

const readList = answerParsedBy(pushSubscriptionsAnswer);
const readSubscribed = answerParsedBy(pushSubscribedAnswer);
const readNothing = () => true;

type State = { key: string | null; devices: PushDevice[]; mine: string | null };

/**
 * Web Push on the person's devices: this device on or off (the browser's PushManager with the
 * server's VAPID key, kept by POST /api/me/push-subscriptions), and the list of devices that get
 * the pushes, each removable.
 */
export function PushSettings({ approves }: { approves: boolean }) {
  const t = useTranslations("security.push");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const supported = pushSupported();
  const query = useQuery({
    queryKey: ["me", "push-subscriptions"],
    queryFn: async (): Promise<State> => {
      const answer = await apiGet("/api/me/push-subscriptions", readList);
      const current = supported ? await (await serviceWorker())?.pushManager.getSubscription() : null;
      return { key: answer.vapid_public_key, devices: answer.subscriptions, mine: current?.endpoint ?? null };
    },
  });
  const state = query.data ?? null;
  const load = () => query.refetch();
  const loadError = query.error ? (isApiRequestError(query.error) ? query.error.message : t("failed")) : null;

  const on = !!state?.mine && state.devices.some((d) => d.endpoint === state.mine);

  async function turnOn() {
    if (!state?.key) return;
    setBusy(true);
    setError(null);
    try {
      if ((await Notification.requestPermission()) !== "granted") throw new Error(t("denied"));
      const registration = await serviceWorker();
      if (!registration) throw new Error(t("unsupported"));
      const subscription =
        (await registration.pushManager.getSubscription()) ??
        (await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: applicationServerKey(state.key) }));
      await apiPost("/api/me/push-subscriptions", subscription.toJSON(), readSubscribed);
      await load();
    } catch (err) {
      setError(err instanceof Error && err.message ? err.message : t("failed"));
    } finally {
      setBusy(false);
    }
  }

  async function removeDevice(endpoint: string) {
    setBusy(true);
    setError(null);
    try {
      await apiDelete(`/api/me/push-subscriptions?endpoint=${encodeURIComponent(endpoint)}`, readNothing);
      if (endpoint === state?.mine) await (await (await serviceWorker())?.pushManager.getSubscription())?.unsubscribe();
      await load();
    } catch (err) {
      setError(isApiRequestError(err) ? err.message : t("failed"));
    } finally {
      setBusy(false);
    }
  }

  if (!state) return loadError ? <p role="alert" className="text-sm text-red-700 dark:text-red-400">{loadError}</p> : null;
  return (
    <div className="flex flex-col gap-4">
      {!approves ? <p className="text-sm text-fg-muted">{t("onlyApprovers")}</p> : null}
      <div className="flex flex-col gap-2">
        <h3 className="text-sm font-semibold text-fg">{t("thisDevice")}</h3>
        {!state.key ? (
          <p className="text-sm text-fg-muted">{t("unavailable")}</p>
        ) : !supported ? (
          <p className="text-sm text-fg-muted">{t("unsupported")}</p>
        ) : (
          <div className="flex flex-wrap items-center gap-3">
            <span className={on ? "text-sm font-medium text-green-800 dark:text-green-300" : "text-sm text-fg-muted"} role="status">
              {on ? t("on") : t("off")}
            </span>
            {on ? (
              <Button disabled={busy} onClick={() => state.mine && void removeDevice(state.mine)}>
                <BellOff aria-hidden className="h-4 w-4" />
                {busy ? t("working") : t("turnOff")}
              </Button>
            ) : (
              <Button variant="primary" disabled={busy} onClick={() => void turnOn()}>
                <Bell aria-hidden className="h-4 w-4" />
                {busy ? t("working") : t("turnOn")}
              </Button>
            )}
          </div>
        )}
      </div>
      {error ? <p role="alert" className="text-sm text-red-700 dark:text-red-400">{error}</p> : null}
      <div className="flex flex-col gap-2">
        <h3 className="text-sm font-semibold text-fg">{t("devices")}</h3>
        {state.devices.length === 0 ? (
          <p className="text-sm text-fg-muted">{t("noDevices")}</p>
        ) : (
          <ul className="flex flex-col divide-y divide-border rounded-md border border-border" aria-label={t("devices")}>
            {state.devices.map((d) => (
              <li key={d.endpoint} className="flex items-center justify-between gap-3 px-3 py-2">
                <div className="flex min-w-0 items-center gap-2">
                  <Smartphone aria-hidden className="h-4 w-4 shrink-0 text-fg-muted" />
                  <div className="min-w-0">
                    <p className="truncate text-sm font-medium text-fg">
                      {describeAgent(d.user_agent) || d.user_agent?.slice(0, 40) || "—"}
                      {d.endpoint === state.mine ? ` (${t("current")})` : ""}
                    </p>
                    <p className="text-xs text-fg-muted">
                      {t("since", { date: formatBrazilDateTime(d.created_at) })}
                      {d.last_sent_at ? ` · ${t("lastSent", { date: formatBrazilDateTime(d.last_sent_at) })}` : ""}
                    </p>
                  </div>
                </div>
                <Button size="sm" variant="ghost" disabled={busy} onClick={() => void removeDevice(d.endpoint)}>
                  <Trash2 aria-hidden className="h-4 w-4" />
                  {t("removeDevice")}
                </Button>
              </li>
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}
