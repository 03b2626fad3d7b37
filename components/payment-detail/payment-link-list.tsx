import { useTranslations } from "next-intl";
import Link from "next/link";
import { StatusBadge } from "@/components/payments/status-badge";
import type { PaymentListItem } from "@/lib/contract";
import { paymentHref } from "@/lib/lookup/route-param";
import { formatBRL } from "@/lib/pix/money";
import { BrazilDateTime } from "./brazil-date-time";

/** A short list of payments, each a link to its detail page (lookup results, related payments). */
export function PaymentLinkList({
  payments,
  onNavigate,
  label,
}: {
  payments: PaymentListItem[];
  onNavigate?: () => void;
  label: string;
}) {
  const t = useTranslations("paymentDetail.list");
  return (
    <ul aria-label={label} className="divide-y divide-border rounded-md border border-border">
      {payments.map((p) => (
        <li key={p.idempotent_id}>
          <Link
            href={paymentHref(p.idempotent_id)}
            onClick={onNavigate}
            className="flex items-center justify-between gap-3 px-3 py-2 text-sm hover:bg-surface-muted focus-visible:bg-surface-muted"
          >
            <span className="min-w-0 flex-1">
              <span className="block truncate font-mono text-[0.8125rem] text-blue-700 dark:text-blue-300">{p.idempotent_id}</span>
              <span className="block truncate text-xs text-fg-muted">
                {p.receiver_name} · {t("reference")} <span className="font-mono">{p.reference_code}</span> ·{" "}
                <BrazilDateTime value={p.registration_date} />
              </span>
            </span>
            <span className="flex shrink-0 flex-col items-end gap-1 sm:flex-row sm:items-center sm:gap-2">
              <span className="font-medium tabular-nums text-fg">{formatBRL(p.value_cents)}</span>
              <StatusBadge status={p.status} />
            </span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
