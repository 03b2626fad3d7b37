"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import Link from "next/link";
import { useState } from "react";
import { AmountInput } from "@/components/ui/amount-input";
import { SubmitButton } from "@/components/ui/submit-button";
import { ErrorState } from "@/components/ui/error-state";
import { Input } from "@/components/ui/input";
import { Notice } from "@/components/ui/notice";
import { Skeleton } from "@/components/ui/skeleton";
import { isApiRequestError, apiPut } from "@/lib/domain/api-client";
import type { AlertChannels, RuleSetting } from "@/lib/alerts/types";
import { formatBRL, formatBRLNumber, formatBrazilDateTime, parseBRL } from "@/lib/pix";
import { alertQueries, readAlertSettings } from "@/lib/queries/alerts";

type Draft = Record<string, { enabled: boolean; text: string }>;

/** /settings/alerts: where alerts go, and each rule's switch and threshold (admins; audited). */
export function AlertRulesEditor({ devMail }: { devMail: boolean }) {
  const t = useTranslations("alerts.settings");
  const query = useQuery(alertQueries.settings());
  if (query.isPending) return <Skeleton className="h-96 w-full" />;
  if (query.isError) return <ErrorState title={t("loadError")} error={query.error} onRetry={() => void query.refetch()} retrying={query.isFetching} />;
  return (
    <div className="flex flex-col gap-4">
      <ChannelsBox channels={query.data.channels} devMail={devMail} />
      <RulesForm key={query.data.rules.map((r) => r.changed_at ?? "").join("|")} rules={query.data.rules} />
    </div>
  );
}

function ChannelsBox({ channels, devMail }: { channels: AlertChannels; devMail: boolean }) {
  const t = useTranslations("alerts.settings");
  return (
    <section className="flex flex-col gap-2 rounded-lg border border-border bg-surface p-4" data-testid="alert-channels" data-email={channels.email} data-webhook={channels.webhook}>
      <h2 className="font-semibold text-fg">{t("channels")}</h2>
      <ul className="flex list-disc flex-col gap-1 pl-5 text-sm text-fg">
        <li>{t("bell")}</li>
        <li>{t(`email.${channels.email}`)}</li>
        <li>{t(`webhook.${channels.webhook}`)}</li>
      </ul>
      {channels.email === "off" && channels.webhook === "off" ? <Notice>{t("nothing")}</Notice> : null}
      {devMail ? (
        <Link href="/dev/mail" className="text-sm text-blue-700 underline-offset-2 hover:underline dark:text-blue-300">
          {t("devMail")}
        </Link>
      ) : null}
    </section>
  );
}

const textOf = (r: RuleSetting) => (r.threshold === null ? "" : r.unit === "cents" ? formatBRLNumber(r.threshold) : String(r.threshold));

function thresholdOf(r: RuleSetting, text: string): number | null {
  if (r.unit === null) return null;
  if (r.unit === "cents") {
    const parsed = parseBRL(text);
    return parsed.ok ? parsed.cents : Number.NaN;
  }
  return /^\d{1,12}$/.test(text.trim()) ? Number(text.trim()) : Number.NaN;
}

function RulesForm({ rules }: { rules: RuleSetting[] }) {
  const t = useTranslations("alerts");
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState<Draft>(() => Object.fromEntries(rules.map((r) => [r.rule, { enabled: r.enabled, text: textOf(r) }])));
  const [saved, setSaved] = useState(false);
  const save = useMutation({
    mutationFn: () =>
      apiPut("/api/settings/alerts", { rules: rules.map((r) => ({ rule: r.rule, enabled: draft[r.rule]!.enabled, threshold: thresholdOf(r, draft[r.rule]!.text) })) }, readAlertSettings),
    onSuccess: (answer) => {
      setSaved(true);
      queryClient.setQueryData(alertQueries.settings().queryKey, answer);
    },
  });
  const fields = save.error && isApiRequestError(save.error) ? (save.error.fields ?? {}) : {};
  const change = (rule: string, patch: Partial<Draft[string]>) => {
    setSaved(false);
    setDraft((d) => ({ ...d, [rule]: { ...d[rule]!, ...patch } }));
  };
  return (
    <form
      className="flex flex-col gap-3"
      onSubmit={(e) => {
        e.preventDefault();
        save.mutate();
      }}
    >
      <ul className="flex flex-col divide-y divide-border rounded-lg border border-border bg-surface" data-testid="alert-rules">
        {rules.map((r, i) => {
          const d = draft[r.rule]!;
          const id = `rule-${r.rule}`;
          const error = fields[`rules.${i}.threshold`];
          return (
            <li key={r.rule} className="flex flex-col gap-2 p-4 md:flex-row md:items-start md:justify-between" data-rule={r.rule}>
              <div className="flex min-w-0 items-start gap-3">
                <input id={id} type="checkbox" className="mt-1 h-4 w-4 shrink-0" checked={d.enabled} onChange={(e) => change(r.rule, { enabled: e.target.checked })} />
                <label htmlFor={id} className="min-w-0">
                  <span className="block font-medium text-fg">{t(`rules.${r.rule}.title`)}</span>
                  <span className="block text-sm text-fg-muted">{t(`rules.${r.rule}.setting`)}</span>
                  {r.changed_by && r.changed_at ? (
                    <span className="block text-xs text-fg-muted">{t("settings.changedBy", { email: r.changed_by, at: formatBrazilDateTime(r.changed_at) })}</span>
                  ) : null}
                </label>
              </div>
              {r.unit === null ? (
                <span className="whitespace-nowrap text-sm text-fg-muted md:pt-1">{t("settings.noThreshold")}</span>
              ) : (
                <div className="flex flex-col gap-1 md:w-56 md:shrink-0">
                  <div className="flex items-center gap-2">
                    {r.unit === "cents" ? (
                      <AmountInput id={`${id}-threshold`} value={d.text} onValueChange={(text) => change(r.rule, { text })} aria-label={t("settings.columns.threshold")} error={error} />
                    ) : (
                      <>
                        <Input
                          id={`${id}-threshold`}
                          inputMode="numeric"
                          className="w-24"
                          value={d.text}
                          onChange={(e) => change(r.rule, { text: e.target.value })}
                          aria-label={t("settings.columns.threshold")}
                          aria-invalid={error ? true : undefined}
                        />
                        <span className="whitespace-nowrap text-sm text-fg-muted">{t(`settings.units.${r.unit}`)}</span>
                      </>
                    )}
                  </div>
                  {error && r.unit !== "cents" ? <span className="text-xs text-red-700 dark:text-red-400">{error}</span> : null}
                  <span className="text-xs text-fg-muted">
                    {t("settings.default", { value: r.default_threshold === null ? "—" : r.unit === "cents" ? formatBRL(r.default_threshold) : `${r.default_threshold} ${t(`settings.units.${r.unit}`)}` })}
                  </span>
                </div>
              )}
            </li>
          );
        })}
      </ul>
      <div className="flex flex-wrap items-center gap-3">
        <SubmitButton variant="primary" disabled={save.isPending} aria-busy={save.isPending}>
          {save.isPending ? t("settings.saving") : t("settings.save")}
        </SubmitButton>
        {saved ? (
          <span role="status" className="text-sm text-green-700 dark:text-green-400">
            {t("settings.saved")}
          </span>
        ) : null}
        {save.error && !Object.keys(fields).length ? (
          <span role="alert" className="text-sm text-red-700 dark:text-red-400">
            {save.error.message}
          </span>
        ) : null}
      </div>
    </form>
  );
}
