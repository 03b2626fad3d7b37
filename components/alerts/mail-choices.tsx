"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { SubmitButton } from "@/components/ui/submit-button";
import { ErrorState } from "@/components/ui/error-state";
import { Notice } from "@/components/ui/notice";
import { Skeleton } from "@/components/ui/skeleton";
import { answerParsedBy } from "@/lib/domain/answer-schema";
import { mailChoicesAnswer } from "@/lib/alerts/answers";
import { apiGet, apiPut } from "@/lib/domain/api-client";
import type { MailKind } from "@/lib/alerts/rules";
import type { AlertChannels } from "@/lib/alerts/types";

type Choices = { kinds: Array<{ kind: MailKind; enabled: boolean }>; email: AlertChannels["email"] };
const readChoices = answerParsedBy(mailChoicesAnswer);
const choicesQuery = {
  queryKey: ["me", "notifications"] as const,
  queryFn: ({ signal }: { signal: AbortSignal }) => apiGet("/api/me/notifications", readChoices, { signal }),
};

/** /settings/notifications: which e-mails this person gets (each on by default). */
export function MailChoices() {
  const t = useTranslations("alerts.notifications");
  const query = useQuery(choicesQuery);
  if (query.isPending) return <Skeleton className="h-48 w-full" />;
  if (query.isError) return <ErrorState title={t("loadError")} error={query.error} onRetry={() => void query.refetch()} retrying={query.isFetching} />;
  return <ChoicesForm key={query.data.kinds.map((k) => `${k.kind}:${k.enabled}`).join("|")} choices={query.data} />;
}

function ChoicesForm({ choices }: { choices: Choices }) {
  const t = useTranslations("alerts.notifications");
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState(() => Object.fromEntries(choices.kinds.map((k) => [k.kind, k.enabled])) as Partial<Record<MailKind, boolean>>);
  const [saved, setSaved] = useState(false);
  const save = useMutation({
    mutationFn: () => apiPut("/api/me/notifications", { kinds: draft }, readChoices),
    onSuccess: (answer) => {
      setSaved(true);
      queryClient.setQueryData(choicesQuery.queryKey, answer);
    },
  });
  return (
    <form
      className="flex flex-col gap-4"
      onSubmit={(e) => {
        e.preventDefault();
        save.mutate();
      }}
    >
      {choices.email === "off" ? <Notice>{t("emailOff")}</Notice> : null}
      {choices.kinds.length === 0 ? (
        <p className="text-sm text-fg-muted">{t("none")}</p>
      ) : (
        <ul className="flex flex-col gap-3" data-testid="mail-choices">
          {choices.kinds.map(({ kind }) => (
            <li key={kind} className="flex items-start gap-3">
              <input
                id={`mail-${kind}`}
                type="checkbox"
                className="mt-1 h-4 w-4 shrink-0"
                checked={draft[kind] ?? true}
                onChange={(e) => {
                  setSaved(false);
                  setDraft((d) => ({ ...d, [kind]: e.target.checked }));
                }}
              />
              <label htmlFor={`mail-${kind}`}>
                <span className="block font-medium text-fg">{t(`kinds.${kind}.label`)}</span>
                <span className="block text-sm text-fg-muted">{t(`kinds.${kind}.help`)}</span>
              </label>
            </li>
          ))}
        </ul>
      )}
      {choices.kinds.length ? (
        <div className="flex flex-wrap items-center gap-3">
          <SubmitButton variant="primary" disabled={save.isPending} aria-busy={save.isPending}>
            {save.isPending ? t("saving") : t("save")}
          </SubmitButton>
          {saved ? (
            <span role="status" className="text-sm text-green-700 dark:text-green-400">
              {t("saved")}
            </span>
          ) : null}
          {save.error ? (
            <span role="alert" className="text-sm text-red-700 dark:text-red-400">
              {save.error.message}
            </span>
          ) : null}
        </div>
      ) : null}
    </form>
  );
}
