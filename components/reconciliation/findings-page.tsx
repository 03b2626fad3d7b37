"use client";

import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import Link from "next/link";
import { parseAsInteger, parseAsStringLiteral, useQueryStates } from "nuqs";
import { useId, useState } from "react";
import { ListPagination } from "@/components/data-table/list-pagination";
import { SubmitButton } from "@/components/ui/submit-button";
import { ErrorState } from "@/components/ui/error-state";
import { Input, Label } from "@/components/ui/input";
import { Skeleton } from "@/components/ui/skeleton";
import { answerParsedBy } from "@/lib/domain/answer-schema";
import { findingAnswer, findingListAnswer } from "@/lib/transfers/answers";
import { apiGet, apiPost } from "@/lib/domain/api-client";
import { formatBRL, formatBrazilDateTime } from "@/lib/pix";
import type { Finding } from "@/lib/transfers/types";
import { cn } from "@/lib/utils";
import { lookAgain } from "@/lib/queries/look-again";

const readFindings = answerParsedBy(findingListAnswer);
const readFinding = answerParsedBy(findingAnswer);
const STATES = ["open", "resolved"] as const;

const findingsQuery = (state: (typeof STATES)[number], page: number) => ({
  queryKey: ["reconciliation", state, page] as const,
  queryFn: ({ signal }: { signal: AbortSignal }) => apiGet(`/api/reconciliation?state=${state}&page=${page}`, readFindings, { signal }),
  placeholderData: keepPreviousData,
  refetchInterval: 60_000,
});

/** /reconciliation: what the reconciler found, open until a person resolves it with a note. */
export function FindingsPage() {
  const t = useTranslations("reconciliation");
  const [{ state, page }, setUrl] = useQueryStates(
    { state: parseAsStringLiteral(STATES).withDefault("open"), page: parseAsInteger.withDefault(1) },
    { clearOnDefault: true, history: "push" },
  );
  const query = useQuery(findingsQuery(state, page));
  return (
    <div className="flex flex-col gap-5">
      <div>
        <h1 className="text-xl font-semibold text-fg">{t("title")}</h1>
        <p className="max-w-3xl text-sm text-fg-muted">
          {t("intro")} {t("lastRun")}
        </p>
      </div>
      <nav aria-label={t("title")} className="flex gap-1">
        {STATES.map((s) => (
          <button
            key={s}
            type="button"
            aria-current={s === state ? "page" : undefined}
            onClick={() => void setUrl({ state: s, page: 1 })}
            className={cn(
              "rounded-md px-3 py-1.5 text-sm font-medium",
              s === state ? "bg-surface-muted text-fg ring-1 ring-border" : "text-fg-muted hover:bg-surface-muted hover:text-fg",
            )}
          >
            {t(`tabs.${s}`)}
          </button>
        ))}
      </nav>
      {query.isPending ? (
        <div aria-busy="true" className="flex flex-col gap-2">
          <Skeleton className="h-24 w-full" />
          <Skeleton className="h-24 w-full" />
        </div>
      ) : query.isError ? (
        <ErrorState title={t("loadError")} error={query.error} onRetry={() => void query.refetch()} retrying={query.isFetching} />
      ) : query.data.findings.length === 0 ? (
        <p role="status" className="rounded-lg border border-dashed border-border px-4 py-10 text-center text-sm text-fg-muted">
          {t(`empty.${state}`)}
        </p>
      ) : (
        <>
          <ul className="flex flex-col gap-3" data-testid="findings">
            {query.data.findings.map((f) => (
              <FindingCard key={f.id} finding={f} />
            ))}
          </ul>
          {query.data.meta.total_pages > 1 ? (
            <ListPagination page={page} pageCount={query.data.meta.total_pages} onPage={(target) => void setUrl({ page: target })} />
          ) : null}
        </>
      )}
    </div>
  );
}

/** The kinds the reconciler records (lib/transfers/server/reconcile.ts), each worded in reconciliation.kinds. */
const FINDING_KINDS = ["missed_notification", "missing_at_provider"] as const;

function FindingCard({ finding: f }: { finding: Finding }) {
  const t = useTranslations("reconciliation");
  const g = useTranslations("glossary");
  const queryClient = useQueryClient();
  const [note, setNote] = useState("");
  const noteId = useId();
  const resolve = useMutation({
    mutationFn: () => apiPost(`/api/reconciliation/${f.id}/resolve`, { note: note.trim() }, readFinding),
    onSuccess: () => void lookAgain(queryClient, ["reconciliation"]),
  });
  const kind = FINDING_KINDS.find((k) => k === f.kind) ?? null;
  const status =
    kind === "missing_at_provider"
      ? t("missingStatus")
      : f.provider_status && g.has(`paymentStatus.${f.provider_status}` as never)
        ? g(`paymentStatus.${f.provider_status}` as never)
        : f.provider_status;
  return (
    <li className="flex flex-col gap-2 rounded-lg border border-border bg-surface p-4" data-finding={f.id}>
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <p className="font-semibold text-fg">{kind ? t(`kinds.${kind}`) : f.kind}</p>
        <span className="text-sm tabular-nums text-fg-muted">{formatBrazilDateTime(f.found_at)}</span>
      </div>
      {kind ? <p className="text-sm text-fg-muted">{t(`kindHelp.${kind}`)}</p> : null}
      <dl className="grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[12rem_1fr]">
        <dt className="text-fg-muted">{t("columns.payment")}</dt>
        <dd className="break-all">
          <Link href={`/payments/${encodeURIComponent(f.idempotent_id)}`} className="font-mono text-blue-700 underline-offset-2 hover:underline dark:text-blue-300">
            {f.idempotent_id}
          </Link>
        </dd>
        <dt className="text-fg-muted">{t("columns.status")}</dt>
        <dd>{status}</dd>
        {f.value_cents !== null ? (
          <>
            <dt className="text-fg-muted">{t("columns.amount")}</dt>
            <dd className="tabular-nums">{formatBRL(f.value_cents)}</dd>
          </>
        ) : null}
      </dl>
      {f.state === "resolved" ? (
        <p className="text-sm text-fg">
          <span className="text-fg-muted">{t("columns.resolved")}: </span>
          {t("resolvedBy", { email: f.resolved_by ?? "", at: f.resolved_at ? formatBrazilDateTime(f.resolved_at) : "" })} · “{f.resolution_note}”
        </p>
      ) : (
        <form
          className="flex flex-col gap-2 sm:flex-row sm:items-end"
          onSubmit={(e) => {
            e.preventDefault();
            if (note.trim()) resolve.mutate();
          }}
        >
          <div className="flex min-w-0 flex-1 flex-col gap-1">
            <Label htmlFor={noteId}>{t("note")}</Label>
            <Input id={noteId} value={note} onChange={(e) => setNote(e.target.value)} placeholder={t("notePlaceholder")} maxLength={1000} />
          </div>
          <SubmitButton disabled={resolve.isPending || !note.trim()} aria-busy={resolve.isPending}>
            {resolve.isPending ? t("resolving") : t("resolve")}
          </SubmitButton>
        </form>
      )}
      {resolve.error ? (
        <p role="alert" className="text-sm text-red-700 dark:text-red-400">
          {resolve.error.message}
        </p>
      ) : null}
    </li>
  );
}
