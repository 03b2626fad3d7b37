"use client";

import { CopyButton } from "@/components/ui/copy-button";
import type { PaymentListItem } from "@/lib/contract/payment";
import { paymentHref } from "@/lib/lookup/route-param";
import { formatBrazilDateTime } from "@/lib/pix/time";
import { cn } from "@/lib/utils";

/** A provider datetime shown in Brazil time; the machine value stays in `dateTime`. */
export function DateTimeCell({ value, missing }: { value: string | null; missing: string }) {
  if (!value) {
    return (
      <span className="text-fg-muted">
        <span aria-hidden>—</span>
        <span className="sr-only">{missing}</span>
      </span>
    );
  }
  return (
    <time dateTime={value} className="whitespace-nowrap tabular-nums">
      {formatBrazilDateTime(value)}
    </time>
  );
}

/** An identifier in monospace with its copy button. */
export function IdCell({ value, label, className }: { value: string | null; label: string; className?: string }) {
  if (!value) return <span className="text-fg-muted">—</span>;
  return (
    <span className={cn("flex items-center gap-1", className)}>
      <span className="truncate font-mono text-xs" title={value}>
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
  return (
    <span className="flex items-center gap-1">
      <a
        href={paymentHref(payment.idempotent_id)}
        className="truncate font-mono text-xs text-blue-700 underline-offset-2 hover:underline dark:text-blue-300"
        title={`Open payment ${payment.reference_code}`}
      >
        {payment.reference_code}
      </a>
      <CopyButton value={payment.reference_code} label="reference code" />
    </span>
  );
}

const KEY_TYPE_LABELS: Record<PaymentListItem["pix_key_type"], string> = {
  phone: "Phone",
  email: "Email",
  cpf: "CPF",
  cnpj: "CNPJ",
  token: "Random",
};

export function PixKeyCell({ type, value }: { type: PaymentListItem["pix_key_type"]; value: string }) {
  return (
    <span className="flex min-w-0 items-center gap-1.5">
      <span className="shrink-0 rounded bg-surface-muted px-1.5 py-0.5 text-[11px] font-medium uppercase text-fg-muted">
        {KEY_TYPE_LABELS[type]}
      </span>
      <span className="truncate" title={value}>
        {value || "—"}
      </span>
    </span>
  );
}
