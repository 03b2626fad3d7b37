"use client";

import { useQuery } from "@tanstack/react-query";
import { Moon } from "lucide-react";
import { useLocale, useTranslations } from "next-intl";
import type { ReactNode } from "react";
import { BalanceCheck } from "@/components/balance/balance-check";
import { amountInWords, findParticipant, formatAccount, formatAgency, formatBRL, formatDocument } from "@/lib/pix";
import { formatBrazilDay } from "@/lib/pix/date-input";
import { costCentreQueries } from "@/lib/queries/cost-centres";
import { receiverQueries } from "@/lib/queries/receivers";
import { occurrenceDays } from "@/lib/transfer-form/schedule-view";
import type { TransferDraft } from "@/lib/transfer-form/validate";
import { isPixNightWindow } from "@/lib/transfers/night-window";
import { sendInstant } from "@/lib/transfers/schedule";
import { ApprovalNeedNote } from "./approval-need";
import { BusinessDayHint } from "./business-day-hint";
import { OccurrenceList } from "./occurrence-list";

/**
 * What the operator decides on, in business words (never wire values): the amount in figures and
 * in words, who receives it and how (and the saved receiver it came from), when it goes out (now,
 * on a day, or each day of a series), what it pays and its cost centre, how many approvals it
 * will need under the policy in force (a series: on its total), and whether it is more than the
 * available balance.
 */
export function ReviewStep({ draft, sendTime, children }: { draft: TransferDraft; sendTime: string; children?: ReactNode }) {
  const t = useTranslations("register");
  const locale = useLocale() === "en" ? "en" : "pt-BR";
  const g = useTranslations("glossary");
  const a = useTranslations("approvals");
  const { transfer, payable } = draft;
  const receivers = useQuery({ ...receiverQueries.list(), enabled: Boolean(payable.receiver_id) });
  const centres = useQuery({ ...costCentreQueries.list(), enabled: Boolean(payable.cost_centre_id) });
  const saved = receivers.data?.receivers.find((r) => r.id === payable.receiver_id);
  const centre = centres.data?.cost_centres.find((c) => c.id === payable.cost_centre_id);
  const days = occurrenceDays(payable);
  const firstSend = days[0] ? sendInstant(days[0], sendTime) : null;

  const rows: Array<[string, ReactNode]> = [];
  if (saved) rows.push([g("savedReceiver"), saved.nickname]);
  rows.push(
    [g("initiationType"), g(`initiation.${transfer.initiation_type}`)],
    [g("receiverName"), transfer.receiver_name],
    [g("receiverDocument"), <span key="doc" className="font-mono">{formatDocument(transfer.receiver_document)}</span>],
  );
  if (transfer.initiation_type === "dict" && transfer.pix_key_type) {
    rows.push(
      [g("pixKeyType"), g(`keyTypes.${transfer.pix_key_type}`)],
      [g("pixKey"), <span key="key" className="break-all font-mono">{transfer.pix_key}</span>],
    );
  } else {
    const bank = transfer.receiver_bank_ispb ? findParticipant(transfer.receiver_bank_ispb) : undefined;
    rows.push(
      [g("bank"), bank ? `${bank.name} (${transfer.receiver_bank_ispb})` : (transfer.receiver_bank_ispb ?? "—")],
      [g("agency"), <span key="ag" className="font-mono">{formatAgency(transfer.receiver_agency)}</span>],
      [g("account"), <span key="acc" className="font-mono">{formatAccount(transfer.receiver_account)}</span>],
      [g("accountType"), transfer.receiver_account_type ? g(`accountTypes.${transfer.receiver_account_type}`) : "—"],
    );
  }
  rows.push([
    t("schedule.when"),
    days.length === 0 ? (
      t("schedule.now")
    ) : (
      <div key="when" className="flex flex-col gap-1" data-testid="review-schedule">
        <span>{t("schedule.on", { day: formatBrazilDay(days[0]!), time: sendTime })}</span>
        {days.length === 1 ? <BusinessDayHint day={days[0]!} /> : null}
        {payable.recurrence ? (
          <>
            <span>{t(`schedule.every.${payable.recurrence.every}`)} · {t("schedule.occurrences", { count: days.length, total: formatBRL(transfer.value_cents * days.length) })}</span>
            <OccurrenceList days={days} />
          </>
        ) : null}
      </div>
    ),
  ]);
  if (payable.description) rows.push([g("description"), <span key="desc" data-testid="review-description">{payable.description}</span>]);
  if (payable.cost_centre_id) rows.push([g("costCentre"), centre ? `${centre.code} · ${centre.name}` : "…"]);
  rows.push([g("idempotentId"), <span key="id" className="break-all font-mono">{transfer.idempotent_id}</span>]);
  return (
    <section aria-labelledby="register-review-title" className="flex flex-col gap-4">
      <div>
        <h2 id="register-review-title" className="text-base font-semibold text-fg">
          {t("reviewTitle")}
        </h2>
        <p className="text-sm text-fg-muted">{t("reviewIntro")}</p>
      </div>
      <div className="rounded-lg border border-border bg-surface-muted px-4 py-3">
        <div className="text-xs font-medium uppercase tracking-wide text-fg-muted">{g("amount")}</div>
        <div className="text-2xl font-semibold tabular-nums text-fg" data-testid="review-amount">
          {formatBRL(transfer.value_cents)}
        </div>
        <div className="text-sm text-fg" data-testid="review-amount-words">
          {amountInWords(transfer.value_cents, locale)}
        </div>
      </div>
      <ApprovalNeedNote valueCents={transfer.value_cents * Math.max(1, days.length)} destination={transfer} testId="review-approvals" scheduled={days.length > 0} />
      {isPixNightWindow(firstSend ?? new Date()) ? (
        <p className="flex items-start gap-2 text-sm font-medium text-amber-800 dark:text-amber-300" role="note">
          <Moon aria-hidden className="mt-0.5 h-4 w-4 shrink-0" />
          {a("nightWindow")}
        </p>
      ) : null}
      {days.length === 0 ? <BalanceCheck amountCents={transfer.value_cents} /> : null}
      <dl className="grid gap-x-6 gap-y-2.5 text-sm sm:grid-cols-[12rem_1fr]">
        {rows.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="text-fg-muted">{label}</dt>
            <dd className="min-w-0 break-words text-fg">{value}</dd>
          </div>
        ))}
      </dl>
      {children}
    </section>
  );
}
