import { AlertTriangle, ArrowRight, CheckCircle2, CircleSlash, MinusCircle, RotateCw, type LucideIcon } from "lucide-react";
import Link from "next/link";
import type { ReactNode } from "react";
import { PaymentLinkList } from "@/components/payment-detail/payment-link-list";
import { QrStatusBadge } from "@/components/qrcode-detail/qr-status-badge";
import { Button } from "@/components/ui/button";
import { paymentHref, qrcodeHref } from "@/lib/lookup/route-param";
import type { LookupAnswer, LookupStep } from "@/lib/lookup/result";
import { formatBRL } from "@/lib/pix/money";
import { cn } from "@/lib/utils";

type Outcome = LookupStep["result"]["outcome"];

const OUTCOME_LOOK: Record<Outcome, { icon: LucideIcon; className: string }> = {
  found: { icon: CheckCircle2, className: "text-emerald-700 dark:text-emerald-400" },
  not_found: { icon: CircleSlash, className: "text-fg-muted" },
  failed: { icon: AlertTriangle, className: "text-red-700 dark:text-red-400" },
  skipped: { icon: MinusCircle, className: "text-fg-muted" },
};

const link = "inline-flex items-center gap-1 font-medium text-blue-700 hover:underline dark:text-blue-300";

function StepRow({ outcome, title, children }: { outcome: Outcome; title: ReactNode; children?: ReactNode }) {
  const look = OUTCOME_LOOK[outcome];
  const Icon = look.icon;
  return (
    <li data-outcome={outcome} className="space-y-2">
      <p className="flex items-start gap-2 text-sm text-fg">
        <Icon aria-hidden className={cn("mt-0.5 h-4 w-4 shrink-0", look.className)} />
        <span>{title}</span>
      </p>
      {children ? <div className="pl-6">{children}</div> : null}
    </li>
  );
}

function q(text: string) {
  return <span className="break-all font-mono">“{text}”</span>;
}

function ListStep({ step, query, onNavigate }: { step: Extract<LookupStep, { by: "end_to_end" | "reference_code" }>; query: string; onNavigate: () => void }) {
  const what = step.by === "end_to_end" ? <>with this end-to-end id</> : <>whose reference code contains {q(query)}</>;
  const tableHref = `/payments?${step.by}=${encodeURIComponent(query)}`;
  const r = step.result;
  if (r.outcome === "found") {
    return (
      <StepRow outcome="found" title={<>{r.total} {r.total === 1 ? "payment" : "payments"} {what}</>}>
        <PaymentLinkList payments={r.payments} onNavigate={onNavigate} label={step.by === "end_to_end" ? "Payments with this end-to-end id" : "Payments by reference code"} />
        <Link href={tableHref} onClick={onNavigate} className={cn(link, "mt-2 text-sm")}>
          {r.total > r.payments.length ? `See all ${r.total} in the table` : "Open in the table"} <ArrowRight aria-hidden className="h-4 w-4" />
        </Link>
      </StepRow>
    );
  }
  if (r.outcome === "not_found") return <StepRow outcome="not_found" title={<>No payment {what}</>} />;
  if (r.outcome === "failed") return <StepRow outcome="failed" title={<>Could not search payments {what}: {r.reason}</>} />;
  return <StepRow outcome="skipped" title={<>Not searched by reference code: {r.reason}</>} />;
}

function Step({ step, query, onNavigate }: { step: LookupStep; query: string; onNavigate: () => void }) {
  if (step.by === "idempotent_id") {
    const r = step.result;
    if (r.outcome === "found") {
      return (
        <StepRow outcome="found" title={<>Payment with idempotent_id {q(query)}</>}>
          <Link href={paymentHref(r.payment.idempotent_id)} onClick={onNavigate} className={cn(link, "text-sm")}>
            Open the payment <ArrowRight aria-hidden className="h-4 w-4" />
          </Link>
        </StepRow>
      );
    }
    if (r.outcome === "not_found") return <StepRow outcome="not_found" title={<>Not an idempotent_id: no payment has the id {q(query)}</>} />;
    if (r.outcome === "failed") return <StepRow outcome="failed" title={<>Could not check the idempotent_id: {r.reason}</>} />;
    return <StepRow outcome="skipped" title={<>Not tried as an idempotent_id. {r.reason}</>} />;
  }
  if (step.by === "qrcode") {
    const r = step.result;
    if (r.outcome === "found") {
      return (
        <StepRow outcome="found" title="QR code record of this end-to-end id">
          <span className="flex flex-wrap items-center gap-2 text-sm">
            <QrStatusBadge status={r.qrcode.status} />
            <span className="tabular-nums">{formatBRL(r.qrcode.value_cents)}</span>
            <Link href={qrcodeHref(query)} onClick={onNavigate} className={link}>
              Open the QR code record <ArrowRight aria-hidden className="h-4 w-4" />
            </Link>
          </span>
        </StepRow>
      );
    }
    if (r.outcome === "not_found") return <StepRow outcome="not_found" title="No QR code record for this end-to-end id" />;
    return <StepRow outcome="failed" title={<>Could not read the QR code record: {r.reason}</>} />;
  }
  return <ListStep step={step} query={query} onNavigate={onNavigate} />;
}

/** Ways on when nothing matched: the table's other filters, with the text filled in. */
function Suggestions({ query, onNavigate }: { query: string; onNavigate: () => void }) {
  const digits = query.replace(/[.\-/\s]/g, "");
  const isDocument = /^\d{11}$|^\d{14}$/.test(digits);
  return (
    <div className="rounded-md bg-surface-muted px-3 py-2 text-sm">
      <p className="text-fg">Nothing matched. Try the table:</p>
      <ul className="mt-1 space-y-1">
        {isDocument ? (
          <li>
            <Link href={`/payments?receiver_document=${digits}`} onClick={onNavigate} className={link}>
              Payments to the CPF/CNPJ {digits}
            </Link>
          </li>
        ) : null}
        <li>
          <Link href={`/payments?receiver_name=${encodeURIComponent(query.slice(0, 100))}`} onClick={onNavigate} className={link}>
            Payments to a receiver named like {q(query.slice(0, 100))}
          </Link>
        </li>
        <li>
          <Link href="/payments" onClick={onNavigate} className={link}>
            All payments
          </Link>
        </li>
      </ul>
    </div>
  );
}

/** What was tried for a pasted text and what each try found; never a dead end. */
export function LookupResults({ answer, onNavigate, onRetry, retrying }: { answer: LookupAnswer; onNavigate: () => void; onRetry: () => void; retrying: boolean }) {
  const anyFound = answer.steps.some((s) => s.result.outcome === "found");
  const anyFailed = answer.steps.some((s) => s.result.outcome === "failed");
  return (
    <div className="space-y-3" data-testid="lookup-results">
      <p className="text-xs text-fg-muted">
        {answer.kind === "end_to_end" ? "Recognised an end-to-end id." : "Tried as an idempotent_id, then as part of a reference code."}
      </p>
      <ol className="space-y-3">
        {answer.steps.map((step) => (
          <Step key={step.by} step={step} query={answer.query} onNavigate={onNavigate} />
        ))}
      </ol>
      {anyFailed ? (
        <Button size="sm" onClick={onRetry} disabled={retrying}>
          <RotateCw aria-hidden className={retrying ? "h-4 w-4 animate-spin" : "h-4 w-4"} /> Retry
        </Button>
      ) : null}
      {!anyFound && !anyFailed ? <Suggestions query={answer.query} onNavigate={onNavigate} /> : null}
    </div>
  );
}
