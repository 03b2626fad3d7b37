"use client";

import { useFormatter, useNow, useTranslations } from "next-intl";
import { useId, useState } from "react";
import { SubmitButton } from "@/components/ui/submit-button";
import { Input, Label } from "@/components/ui/input";
import { formatBrazilDateTime } from "@/lib/pix";
import type { TransferRequest } from "@/lib/transfers/types";
import { useTransferAction } from "./use-transfer-action";

/** What happened, in words, and what a person can do about it. Shared by the transfer page and the lists. */
export function AttentionText({ transfer: r }: { transfer: TransferRequest }) {
  const t = useTranslations("transfers.attention");
  const g = useTranslations("glossary");
  const format = useFormatter();
  const now = useNow({ updateInterval: 60_000 });
  if (!r.attention) return null;
  const status = r.provider_status && g.has(`paymentStatus.${r.provider_status}` as never) ? g(`paymentStatus.${r.provider_status}` as never) : (r.provider_status ?? "—");
  const what =
    r.attention === "provider_canceled"
      ? t("provider_canceled.what", { reason: r.cancellation_reason ?? "none" })
      : r.attention === "not_final"
        ? t("not_final.what", { since: format.relativeTime(new Date(r.registered_at ?? r.created_at), now), status })
        : t(`${r.attention}.what`);
  return (
    <div className="flex flex-col gap-0.5" data-testid="attention-text" data-reason={r.attention}>
      <p className="font-medium">{what}</p>
      <p className="text-fg-muted">{t(`${r.attention}.todo`)}</p>
    </div>
  );
}

/** The attention card of a transfer page: why, what to do, and "mark as handled" with a note (audited). */
export function AttentionCard({ transfer: r, canHandle }: { transfer: TransferRequest; canHandle: boolean }) {
  const t = useTranslations("transfers.attention");
  const handled = useTransferAction(r.id, "handled");
  const [note, setNote] = useState("");
  const noteId = useId();
  if (r.attention_handled && !r.attention) {
    return (
      <p className="rounded-lg border border-border bg-surface-muted px-4 py-3 text-sm text-fg-muted" data-testid="attention-handled">
        {t("handledBy", { email: r.attention_handled.by.email, at: formatBrazilDateTime(r.attention_handled.at), note: r.attention_handled.note })}
      </p>
    );
  }
  if (!r.attention) return null;
  return (
    <section aria-labelledby="attention-title" className="flex flex-col gap-3 rounded-lg border border-amber-300 bg-amber-50/70 p-4 text-sm dark:border-amber-800 dark:bg-amber-950/20" data-testid="attention-card">
      <h2 id="attention-title" className="text-sm font-semibold text-fg">
        {t("title")}
      </h2>
      <AttentionText transfer={r} />
      {canHandle ? (
        <form
          className="flex flex-col gap-2"
          onSubmit={(event) => {
            event.preventDefault();
            if (note.trim()) handled.mutate({ note: note.trim() });
          }}
        >
          <Label htmlFor={noteId}>{t("note")}</Label>
          <Input id={noteId} value={note} maxLength={500} placeholder={t("notePlaceholder")} onChange={(e) => setNote(e.target.value)} />
          {handled.error ? (
            <p role="alert" className="text-sm text-red-700 dark:text-red-400">
              {handled.error.message}
            </p>
          ) : null}
          <SubmitButton variant="secondary" className="w-fit" disabled={handled.isPending || !note.trim()} aria-busy={handled.isPending}>
            {handled.isPending ? t("saving") : t("markHandled")}
          </SubmitButton>
        </form>
      ) : null}
    </section>
  );
}
