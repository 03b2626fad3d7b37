"use client";

import { Moon } from "lucide-react";
import { useLocale, useTranslations } from "next-intl";
import type { ReactNode } from "react";
import { BalanceCheck } from "@/components/balance/balance-check";
import type { RegisterTransfer } from "@/lib/contract";
import { amountInWords, findParticipant, formatAccount, formatAgency, formatBRL, formatDocument } from "@/lib/pix";
import { isPixNightWindow } from "@/lib/transfers/night-window";
import { ApprovalNeedNote } from "./approval-need";

/**
 * What the operator decides on, in business words (never wire values): the amount in figures and
 * in words, who receives it and how, whether the money moves at once, and how many approvals it
 * will need under the policy in force, and whether it is more than the available balance.
 */
export function ReviewStep({ transfer, children }: { transfer: RegisterTransfer; children?: ReactNode }) {
  const t = useTranslations("register");
  const locale = useLocale() === "en" ? "en" : "pt-BR";
  const g = useTranslations("glossary");
  const a = useTranslations("approvals");
  const rows: Array<[string, ReactNode]> = [
    [g("initiationType"), g(`initiation.${transfer.initiation_type}`)],
    [g("receiverName"), transfer.receiver_name],
    [g("receiverDocument"), <span key="doc" className="font-mono">{formatDocument(transfer.receiver_document)}</span>],
  ];
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
      <ApprovalNeedNote valueCents={transfer.value_cents} receiverDocument={transfer.receiver_document} testId="review-approvals" />
      {isPixNightWindow(new Date()) ? (
        <p className="flex items-start gap-2 text-sm font-medium text-amber-800 dark:text-amber-300" role="note">
          <Moon aria-hidden className="mt-0.5 h-4 w-4 shrink-0" />
          {a("nightWindow")}
        </p>
      ) : null}
      <BalanceCheck amountCents={transfer.value_cents} />
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
