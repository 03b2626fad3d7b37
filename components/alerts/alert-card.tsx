"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import Link from "next/link";
import { useId, useState } from "react";
import { Button } from "@/components/ui/button";
import { Input, Label } from "@/components/ui/input";
import { apiPost } from "@/lib/domain/api-client";
import type { Alert, AlertDelivery } from "@/lib/alerts/types";
import { detailWords, subjectWords } from "@/lib/alerts/wording";
import { formatBrazilDateTime } from "@/lib/pix";
import { alertQueries, readAlert } from "@/lib/queries/alerts";
import { cn } from "@/lib/utils";
import { useAlertWords } from "./use-alert-words";
import { lookAgain } from "@/lib/queries/look-again";

const STATE_TONE = {
  open: "bg-red-100 text-red-900 dark:bg-red-950/60 dark:text-red-100",
  acknowledged: "bg-amber-100 text-amber-900 dark:bg-amber-950/60 dark:text-amber-100",
  resolved: "bg-green-100 text-green-900 dark:bg-green-950/60 dark:text-green-100",
} as const;

/** One alert on /alerts: what, about what, since when, who took it on, where it was sent; a note to take it on or resolve it. */
export function AlertCard({ alert: a }: { alert: Alert }) {
  const t = useTranslations("alerts");
  const w = useAlertWords();
  const subject = subjectWords(w, a.subject.type, a.facts);
  return (
    <li className="flex flex-col gap-2 rounded-lg border border-border bg-surface p-4" data-alert={a.id} data-rule={a.rule} data-state={a.state}>
      <div className="flex flex-wrap items-start justify-between gap-x-3 gap-y-1">
        <div className="flex min-w-0 flex-wrap items-center gap-2">
          <p className="font-semibold text-fg">{t(`rules.${a.rule}.title`)}</p>
          <span className={cn("rounded-full px-2 text-xs font-medium leading-5", STATE_TONE[a.state])}>{t(`states.${a.state}`)}</span>
        </div>
        <span className="text-sm tabular-nums text-fg-muted">{t("card.raised", { at: formatBrazilDateTime(a.raised_at) })}</span>
      </div>
      <p className="text-sm text-fg">
        {subject ? <span className="font-medium">{subject} · </span> : null}
        {detailWords(w, a.rule, a.facts)}
        {a.href ? (
          <>
            {" "}
            <Link href={a.href} className="text-blue-700 underline-offset-2 hover:underline dark:text-blue-300">
              {t("card.open")}
            </Link>
          </>
        ) : null}
      </p>
      {a.acknowledged ? (
        <p className="text-sm text-fg-muted">{t("card.acknowledgedBy", { email: a.acknowledged.by, at: formatBrazilDateTime(a.acknowledged.at), note: a.acknowledged.note })}</p>
      ) : null}
      {a.resolved ? (
        <p className="text-sm text-fg-muted">
          {a.resolved.by
            ? t("card.resolvedBy", { email: a.resolved.by, at: formatBrazilDateTime(a.resolved.at), note: a.resolved.note ?? "" })
            : t("card.resolvedItself", { at: formatBrazilDateTime(a.resolved.at) })}
        </p>
      ) : null}
      <Deliveries deliveries={a.deliveries} />
      {a.state !== "resolved" ? <HandleForm alert={a} /> : null}
    </li>
  );
}

function Deliveries({ deliveries }: { deliveries: AlertDelivery[] }) {
  const t = useTranslations("alerts.card");
  if (!deliveries.length) return <p className="text-xs text-fg-muted">{t("noDeliveries")}</p>;
  return (
    <details className="text-xs text-fg-muted">
      <summary className="cursor-pointer select-none">
        {t("deliveries")} ({deliveries.filter((d) => d.state === "sent").length}/{deliveries.length})
      </summary>
      <ul className="mt-1 flex flex-col gap-0.5">
        {deliveries.map((d, i) => (
          <li key={i} data-delivery={d.state} className={cn(d.state === "failed" && "text-red-700 dark:text-red-400")}>
            {d.channel === "email" ? t("channel.email", { to: d.to }) : t("channel.webhook")}:{" "}
            {d.state === "sent"
              ? t("delivery.sent", { at: d.sent_at ? formatBrazilDateTime(d.sent_at) : "—" })
              : d.state === "failed"
                ? t("delivery.failed", { attempts: d.attempts })
                : t("delivery.pending", { attempts: d.attempts, at: d.next_attempt_at ? formatBrazilDateTime(d.next_attempt_at) : "—" })}
            {d.last_error && d.state !== "sent" ? ` · ${t("lastError", { error: d.last_error })}` : null}
          </li>
        ))}
      </ul>
    </details>
  );
}

function HandleForm({ alert: a }: { alert: Alert }) {
  const t = useTranslations("alerts.card");
  const queryClient = useQueryClient();
  const [note, setNote] = useState("");
  const noteId = useId();
  const act = useMutation({
    mutationFn: (action: "acknowledge" | "resolve") => apiPost(`/api/alerts/${a.id}/${action}`, { note: note.trim() }, readAlert),
    onSuccess: () => {
      setNote("");
      void lookAgain(queryClient, alertQueries.all());
    },
  });
  const ready = note.trim() !== "" && !act.isPending;
  return (
    <form className="flex flex-col gap-2 sm:flex-row sm:items-end" onSubmit={(e) => e.preventDefault()}>
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <Label htmlFor={noteId}>{t("note")}</Label>
        <Input id={noteId} value={note} onChange={(e) => setNote(e.target.value)} placeholder={t("notePlaceholder")} maxLength={1000} />
      </div>
      <div className="flex gap-2">
        {a.state === "open" ? (
          <Button type="button" disabled={!ready} onClick={() => act.mutate("acknowledge")} aria-busy={act.isPending && act.variables === "acknowledge"}>
            {act.isPending && act.variables === "acknowledge" ? t("acknowledging") : t("acknowledge")}
          </Button>
        ) : null}
        <Button type="button" variant="primary" disabled={!ready} onClick={() => act.mutate("resolve")} aria-busy={act.isPending && act.variables === "resolve"}>
          {act.isPending && act.variables === "resolve" ? t("resolving") : t("resolve")}
        </Button>
      </div>
      {act.error ? (
        <p role="alert" className="text-sm text-red-700 dark:text-red-400">
          {act.error.message}
        </p>
      ) : null}
    </form>
  );
}
