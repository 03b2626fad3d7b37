"use client";

import { ArrowRight, CheckCircle2, Copy, XCircle } from "lucide-react";
import Link from "next/link";
import { useState } from "react";
import { StatusBadge } from "@/components/payments/status-badge";
import { rejectReasonLabel } from "@/lib/events/names";
import type { WebhookEvent } from "@/lib/events/schema";
import { paymentHref } from "@/lib/lookup/route-param";
import { brazilOffsetLabel, formatBrazilDateTime } from "@/lib/pix/time";
import { cn } from "@/lib/utils";

const th = "px-3 py-2 text-left text-xs font-semibold uppercase tracking-wide text-fg-muted";
const td = "px-3 py-2 align-top text-sm text-fg";

/** The rows of the event log. Rows that arrive while the page is open flash once. */
export function EventLogTable({ events }: { events: WebhookEvent[] }) {
  const fresh = useFreshIds(events);
  return (
    <div className="overflow-x-auto rounded-lg border border-border bg-surface">
      <table className="w-full min-w-[56rem] border-collapse">
        <caption className="sr-only">Webhook notifications received, newest first. Times in Brazil time.</caption>
        <thead className="border-b border-border bg-surface-muted">
          <tr>
            <th scope="col" className={th}>Received</th>
            <th scope="col" className={th}>Payment</th>
            <th scope="col" className={th}>Status change</th>
            <th scope="col" className={th}>Verification</th>
            <th scope="col" className={th}>Deliveries</th>
          </tr>
        </thead>
        <tbody>
          {events.map((e) => (
            <tr
              key={e.id}
              data-event-id={e.id}
              className={cn("border-b border-border last:border-0", fresh.has(e.id) && "flash-change")}
            >
              <td className={cn(td, "whitespace-nowrap")}>
                <When iso={e.received_at} />
              </td>
              <td className={td}>
                <PaymentCell event={e} />
              </td>
              <td className={td}>
                <ChangeCell event={e} />
              </td>
              <td className={td}>
                <VerificationCell event={e} />
              </td>
              <td className={td}>
                <DeliveriesCell event={e} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/**
 * Ids newer than the newest one this table first showed: they came in live. (The table is
 * keyed by its filters, so a new filter or page starts afresh.)
 */
function useFreshIds(events: WebhookEvent[]): Set<number> {
  const [firstMax] = useState(() => events.reduce((max, e) => Math.max(max, e.id), 0));
  return new Set(events.filter((e) => e.id > firstMax).map((e) => e.id));
}

function When({ iso }: { iso: string }) {
  const d = new Date(iso);
  return (
    <time dateTime={iso} title={`Brazil time, ${brazilOffsetLabel(d)}`} className="tabular-nums">
      {formatBrazilDateTime(d)}
    </time>
  );
}

function PaymentCell({ event: e }: { event: WebhookEvent }) {
  if (e.result === "rejected") {
    return e.idempotent_id ? (
      <span className="flex flex-col">
        <span className="break-all font-mono text-xs">{e.idempotent_id}</span>
        <span className="text-xs text-fg-muted">claimed by the sender, not verified</span>
      </span>
    ) : (
      <span className="text-fg-muted">Unknown (not read)</span>
    );
  }
  if (!e.idempotent_id) return <span className="text-fg-muted">—</span>;
  return (
    <span className="flex flex-col">
      <Link
        href={paymentHref(e.idempotent_id)}
        prefetch={false}
        className="break-all font-mono text-xs text-blue-700 underline-offset-2 hover:underline dark:text-blue-300"
      >
        {e.idempotent_id}
      </Link>
      {e.reference_code ? <span className="font-mono text-xs text-fg-muted">{e.reference_code}</span> : null}
    </span>
  );
}

function ChangeCell({ event: e }: { event: WebhookEvent }) {
  if (e.result === "rejected") {
    return <span className="text-fg-muted">{e.status ? `Claimed “${e.status}”, ignored` : "—"}</span>;
  }
  return (
    <span className="flex flex-wrap items-center gap-1.5">
      {e.previous_status ? (
        <StatusBadge status={e.previous_status} />
      ) : (
        <span className="text-xs text-fg-muted">first notice</span>
      )}
      <ArrowRight aria-label="to" className="h-3.5 w-3.5 text-fg-muted" />
      {e.status ? <StatusBadge status={e.status} /> : <span className="text-fg-muted">—</span>}
    </span>
  );
}

function VerificationCell({ event: e }: { event: WebhookEvent }) {
  if (e.result === "accepted") {
    return (
      <span className="inline-flex items-center gap-1 text-emerald-800 dark:text-emerald-300">
        <CheckCircle2 aria-hidden className="h-4 w-4" /> Accepted
      </span>
    );
  }
  return (
    <span className="inline-flex items-start gap-1 text-red-800 dark:text-red-300">
      <XCircle aria-hidden className="mt-0.5 h-4 w-4 shrink-0" />
      <span>
        Rejected: <span className="text-fg">{rejectReasonLabel(e.reason)}</span>
      </span>
    </span>
  );
}

function DeliveriesCell({ event: e }: { event: WebhookEvent }) {
  if (e.repeat_count === 0) return <span className="text-fg-muted">Once</span>;
  return (
    <span className="flex flex-col">
      <span className="inline-flex items-center gap-1 font-medium">
        <Copy aria-hidden className="h-3.5 w-3.5" /> Duplicate: {e.repeat_count + 1} deliveries
      </span>
      <span className="text-xs text-fg-muted">
        last <When iso={e.last_seen_at} />
      </span>
    </span>
  );
}
