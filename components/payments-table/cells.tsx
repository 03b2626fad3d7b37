"use client";

import { useTranslations } from "next-intl";
import { CopyButton } from "@/components/ui/copy-button";
import type { PaymentListItem } from "@/lib/contract/payment";
import { paymentHref } from "@/lib/lookup/route-param";
import { formatBrazilDateTime } from "@/lib/pix/time";
import { cn } from "@/lib/utils";

/**
 * A cut value shows in full while its row has the focus (keyboard) or on a phone's card; the
 * mouse gets the whole value in `title`.
 */
export const FULL_ON_FOCUS =
  "group-focus-within/row:whitespace-normal group-focus-within/row:[overflow-wrap:anywhere] max-md:whitespace-normal max-md:[overflow-wrap:anywhere]";

/** "21/11/2026 09:15" of "21/11/2026 09:15:02": the table's width; the seconds stay in `title`. */
function withoutSeconds(text: string): string {
  return /^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}:\d{2}$/.test(text) ? text.slice(0, 16) : text;
}

/** A provider datetime shown in Brazil time (dd/mm/aaaa HH:mm); the machine value stays in `dateTime`. */
export function DateTimeCell({ value, missing }: { value: string | null; missing: string }) {
  const t = useTranslations("common");
  if (!value) {
    return (
      <span className="text-fg-muted">
        <span aria-hidden>—</span>
        <span className="sr-only">{missing}</span>
      </span>
    );
  }
  const full = formatBrazilDateTime(value);
  return (
    <time dateTime={value} title={`${full} (${t("brazilTime")})`} className="whitespace-nowrap tabular-nums">
      {withoutSeconds(full)}
    </time>
  );
}

/** An identifier in monospace with its copy button; `label` names it ("End-to-end ID"). */
export function IdCell({ value, label, className }: { value: string | null; label: string; className?: string }) {
  if (!value) return <span className="text-fg-muted">—</span>;
  return (
    <span className={cn("flex min-w-0 items-center gap-1", className)}>
      <span className={cn("truncate font-mono text-xs", FULL_ON_FOCUS)} title={value}>
        {value}
      </span>
      <CopyButton value={value} label={label} />
    </span>
  );
}

/**
 * The reference code, as the link that opens the payment (the row opens it too). A plain
 * anchor: the table turns its plain clicks into in-app navigations, and a page does not mount
 * 100 `next/link`s with their router hooks and effects on every filter change. The table's
 * URL stays in history, so the detail page's "Back to payments" returns to this very view.
 */
export function ReferenceCell({ payment }: { payment: PaymentListItem }) {
  const t = useTranslations();
  return (
    <span className="flex min-w-0 items-center gap-1">
      <a
        href={paymentHref(payment.idempotent_id)}
        className={cn("truncate font-mono text-xs text-blue-700 underline-offset-2 hover:underline dark:text-blue-300", FULL_ON_FOCUS)}
        title={t("payments.openPayment", { reference: payment.reference_code })}
      >
        {payment.reference_code}
      </a>
      <CopyButton value={payment.reference_code} label={t("glossary.referenceCode")} />
    </span>
  );
}

/** The key with its type's word (glossary.keyTypes). */
export function PixKeyCell({ type, value }: { type: PaymentListItem["pix_key_type"]; value: string }) {
  const t = useTranslations("glossary.keyTypes");
  return (
    <span className="flex min-w-0 items-center gap-1.5">
      <span className="shrink-0 rounded bg-surface-muted px-1.5 py-0.5 text-[11px] font-medium uppercase text-fg-muted">
        {t(type)}
      </span>
      <span className={cn("truncate", FULL_ON_FOCUS)} title={value}>
        {value || "—"}
      </span>
    </span>
  );
}
