import { ArrowRight, CheckCircle2, Copy, XCircle } from "lucide-react";
import { useTranslations } from "next-intl";
import Link from "next/link";
import { StatusBadge } from "@/components/payments/status-badge";
import { QrStatusBadge } from "@/components/qrcode-detail/qr-status-badge";
import { REJECT_REASONS } from "@/lib/events/names";
import type { WebhookEvent } from "@/lib/events/schema";
import { paymentHref, qrcodeHref } from "@/lib/lookup/route-param";
import { brazilOffsetLabel, formatBrazilDateTime } from "@/lib/pix/time";

/** The event log's cells: when it came, which payment or QR code, what changed, whether it was ours, how often it came. */

const link = "break-all font-mono text-xs text-blue-700 underline-offset-2 hover:underline dark:text-blue-300";

export function When({ iso }: { iso: string }) {
  const t = useTranslations("common");
  const d = new Date(iso);
  return (
    <time dateTime={iso} title={t("brazilTimeOffset", { offset: brazilOffsetLabel(d) })} className="tabular-nums">
      {formatBrazilDateTime(d)}
    </time>
  );
}

export function PaymentCell({ event: e }: { event: WebhookEvent }) {
  const t = useTranslations("events.table");
  const qrcode = e.kind === "qrcode";
  const id = qrcode ? (e.end_to_end ?? e.reference_code) : e.idempotent_id;
  if (e.result === "rejected") {
    return id ? (
      <span className="flex flex-col">
        {qrcode ? <span className="text-xs font-medium text-fg-muted">{t("qrcode")}</span> : null}
        <span className="break-all font-mono text-xs">{id}</span>
        <span className="text-xs text-fg-muted">{t("claimed")}</span>
      </span>
    ) : (
      <span className="text-fg-muted">{t("unknownNotRead")}</span>
    );
  }
  if (!id) return <span className="text-fg-muted">—</span>;
  if (qrcode) {
    return (
      <span className="flex flex-col">
        <span className="text-xs font-medium text-fg-muted">{t("qrcode")}</span>
        {e.end_to_end ? (
          <Link href={qrcodeHref(e.end_to_end)} prefetch={false} className={link}>
            {e.end_to_end}
          </Link>
        ) : null}
        {e.reference_code ? <span className="break-all font-mono text-xs text-fg-muted">{e.reference_code}</span> : null}
      </span>
    );
  }
  return (
    <span className="flex flex-col">
      <Link href={paymentHref(id)} prefetch={false} className={link}>
        {id}
      </Link>
      {e.reference_code ? <span className="break-all font-mono text-xs text-fg-muted">{e.reference_code}</span> : null}
    </span>
  );
}

export function ChangeCell({ event: e }: { event: WebhookEvent }) {
  const t = useTranslations("events.table");
  if (e.result === "rejected") {
    // What an unverified sender claimed: quoted as sent, never worded as ours.
    return <span className="text-fg-muted">{e.status ? t("claimedStatus", { status: e.status }) : "—"}</span>;
  }
  const Badge = e.kind === "qrcode" ? QrStatusBadge : StatusBadge;
  return (
    <span className="flex flex-wrap items-center gap-1.5">
      {e.previous_status ? <Badge status={e.previous_status} /> : <span className="text-xs text-fg-muted">{t("firstNotice")}</span>}
      <ArrowRight aria-label={t("to")} className="h-3.5 w-3.5 text-fg-muted" />
      {e.status ? <Badge status={e.status} /> : <span className="text-fg-muted">—</span>}
    </span>
  );
}

export function VerificationCell({ event: e }: { event: WebhookEvent }) {
  const t = useTranslations("events");
  if (e.result === "accepted") {
    return (
      <span className="inline-flex items-center gap-1 text-emerald-800 dark:text-emerald-300">
        <CheckCircle2 aria-hidden className="h-4 w-4" /> {t("filters.results.accepted")}
      </span>
    );
  }
  const reason = e.reason && Object.hasOwn(REJECT_REASONS, e.reason) ? t(`rejectReasons.${e.reason as keyof typeof REJECT_REASONS}`) : (e.reason ?? t("rejectReasons.unknown"));
  return (
    <span className="inline-flex items-start gap-1 text-red-800 dark:text-red-300">
      <XCircle aria-hidden className="mt-0.5 h-4 w-4 shrink-0" />
      <span>
        {t("table.rejected")} <span className="text-fg">{reason}</span>
        {e.detail ? <span className="block text-xs text-fg-muted">{e.detail}</span> : null}
      </span>
    </span>
  );
}

export function DeliveriesCell({ event: e }: { event: WebhookEvent }) {
  const t = useTranslations("events.table");
  if (e.repeat_count === 0) return <span className="text-fg-muted">{t("once")}</span>;
  return (
    <span className="flex flex-col">
      <span className="inline-flex items-center gap-1 font-medium">
        <Copy aria-hidden className="h-3.5 w-3.5" /> {t("duplicate", { count: (e.repeat_count + 1).toLocaleString("pt-BR") })}
      </span>
      <span className="text-xs text-fg-muted">
        {t("last")} <When iso={e.last_seen_at} />
      </span>
    </span>
  );
}
