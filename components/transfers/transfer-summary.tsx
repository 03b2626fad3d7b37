import { useLocale, useTranslations } from "next-intl";
import Link from "next/link";
import type { ReactNode } from "react";
import { amountInWords, bankLabel, formatAccount, formatAgency, formatBRL, formatBrazilDate, formatBrazilDateTime, formatBrazilTime, formatDocument } from "@/lib/pix";
import type { TransferRequest } from "@/lib/transfers/types";

/**
 * What the transfer is, in the words a person decides on: amount in figures and in words, what it
 * pays and its cost centre, when it goes out, who receives it and how.
 */
export function TransferSummary({ transfer: r }: { transfer: TransferRequest }) {
  const t = useTranslations("transfers.detail");
  const locale = useLocale() === "en" ? "en" : "pt-BR";
  const g = useTranslations("glossary");
  const rows: Array<[string, ReactNode]> = [];
  if (r.description) rows.push([g("description"), <span key="desc" data-testid="transfer-description">{r.description}</span>]);
  if (r.cost_centre) {
    rows.push([g("costCentre"), <span key="cc" data-testid="transfer-cost-centre">{r.cost_centre.name ? `${r.cost_centre.code} · ${r.cost_centre.name}` : r.cost_centre.code}</span>]);
  }
  if (r.send_at) rows.push([g("scheduledFor"), t("scheduledAt", { day: formatBrazilDate(r.send_at), time: formatBrazilTime(r.send_at) })]);
  rows.push(
    [g("receiverName"), r.receiver_name],
    [g("receiverDocument"), <span key="doc" className="font-mono">{formatDocument(r.receiver_document)}</span>],
    [g("initiationType"), g(`initiation.${r.initiation_type}`)],
  );
  if (r.bank) {
    rows.push(
      [g("bank"), bankLabel(r.bank.ispb)],
      [g("agency"), <span key="ag" className="font-mono">{formatAgency(r.bank.agency)}</span>],
      [g("account"), <span key="acc" className="font-mono">{formatAccount(r.bank.account)}</span>],
      [g("accountType"), g(`accountTypes.${r.bank.account_type}`)],
    );
  } else if (r.pix_key_type) {
    rows.push(
      [g("pixKeyType"), g(`keyTypes.${r.pix_key_type}`)],
      [g("pixKey"), <span key="key" className="break-all font-mono">{r.pix_key}</span>],
    );
  }
  rows.push(
    [g("idempotentId"), <span key="id" className="break-all font-mono">{r.idempotent_id}</span>],
    [g("maker"), t("createdBy", { email: r.maker.email, at: formatBrazilDateTime(r.created_at) })],
  );
  if (r.batch_id && r.batch_line !== null) {
    rows.push([
      t("fromBatch", { line: r.batch_line }),
      <Link key="batch" href={`/batches/${r.batch_id}`} className="text-blue-700 underline-offset-2 hover:underline dark:text-blue-300">
        {t("openBatch")}
      </Link>,
    ]);
  }
  return (
    <section aria-labelledby="transfer-summary-title" className="flex flex-col gap-4">
      <h2 id="transfer-summary-title" className="sr-only">
        {t("summary")}
      </h2>
      <div className="rounded-lg border border-border bg-surface-muted px-4 py-3">
        <div className="text-xs font-medium uppercase tracking-wide text-fg-muted">{g("amount")}</div>
        <div className="text-3xl font-semibold tabular-nums text-fg" data-testid="transfer-amount">
          {formatBRL(r.value_cents)}
        </div>
        <div className="text-sm text-fg">
          <span className="text-fg-muted">{t("inWords")}: </span>
          {amountInWords(r.value_cents, locale)}
        </div>
      </div>
      <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[13rem_1fr]">
        {rows.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="text-fg-muted">{label}</dt>
            <dd className="min-w-0 break-words text-fg">{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
