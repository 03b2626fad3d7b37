import { AlertTriangle, ArrowRight, CheckCircle2, CircleSlash, MinusCircle, RotateCw, type LucideIcon } from "lucide-react";
import { useTranslations } from "next-intl";
import Link from "next/link";
import type { ReactNode } from "react";
import { PaymentLinkList } from "@/components/payment-detail/payment-link-list";
import { QrStatusBadge } from "@/components/qrcode-detail/qr-status-badge";
import { Button } from "@/components/ui/button";
import { qrcodeRecordHref } from "@/lib/lookup/outcome";
import { isListStep, isPaymentStep, type ListStep, type LookupAnswer, type LookupStep, type PaymentStep, type QrcodeStep } from "@/lib/lookup/result";
import { paymentHref } from "@/lib/lookup/route-param";
import { formatBRL } from "@/lib/pix/money";
import { cn } from "@/lib/utils";
import { lookupLink, quoted } from "./lookup-bits";
import { LookupNothing } from "./lookup-nothing";

type Outcome = LookupStep["result"]["outcome"];
type T = ReturnType<typeof useTranslations<"lookup">>;

const OUTCOME_LOOK: Record<Outcome, { icon: LucideIcon; className: string }> = {
  found: { icon: CheckCircle2, className: "text-emerald-700 dark:text-emerald-400" },
  not_found: { icon: CircleSlash, className: "text-fg-muted" },
  failed: { icon: AlertTriangle, className: "text-red-700 dark:text-red-400" },
  skipped: { icon: MinusCircle, className: "text-fg-muted" },
};

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

/** The words of a skipped or failed step's reason. */
function why(t: T, r: LookupStep["result"]): string {
  if (r.outcome === "skipped") return t(`skip.${r.reason}`);
  if (r.outcome === "failed") return t(`failure.${r.reason}`);
  return "";
}

function PaymentStepRow({ step, query, onNavigate }: { step: PaymentStep; query: string; onNavigate: () => void }) {
  const t = useTranslations("lookup");
  const r = step.result;
  const key = step.by === "idempotent_id" ? "id" : "reference";
  const title = (suffix: "Found" | "None" | "Failed" | "Skipped") => t.rich(`steps.${key}${suffix}`, { query, q: quoted, reason: why(t, r) });
  if (r.outcome === "found") {
    return (
      <StepRow outcome="found" title={title("Found")}>
        <Link href={paymentHref(r.payment.idempotent_id)} onClick={onNavigate} className={cn(lookupLink, "text-sm")}>
          {t("steps.openPayment")} <ArrowRight aria-hidden className="h-4 w-4" />
        </Link>
      </StepRow>
    );
  }
  if (r.outcome === "not_found") return <StepRow outcome="not_found" title={title("None")} />;
  return <StepRow outcome={r.outcome} title={title(r.outcome === "failed" ? "Failed" : "Skipped")} />;
}

function QrcodeStepRow({ step, query, onNavigate }: { step: QrcodeStep; query: string; onNavigate: () => void }) {
  const t = useTranslations("lookup");
  const r = step.result;
  const key = step.by === "qrcode" ? "qr" : "qrReference";
  if (r.outcome === "skipped") return null; // the reference read's own row already says why
  if (r.outcome === "found") {
    return (
      <StepRow outcome="found" title={t.rich(`steps.${key}Found`, { query, q: quoted })}>
        <span className="flex flex-wrap items-center gap-2 text-sm">
          <QrStatusBadge status={r.qrcode.status} />
          <span className="tabular-nums">{formatBRL(r.qrcode.value_cents)}</span>
          <Link href={qrcodeRecordHref(r.qrcode)} onClick={onNavigate} className={lookupLink}>
            {t("steps.openQrcode")} <ArrowRight aria-hidden className="h-4 w-4" />
          </Link>
        </span>
      </StepRow>
    );
  }
  if (r.outcome === "not_found") return <StepRow outcome="not_found" title={t.rich(`steps.${key}None`, { query, q: quoted })} />;
  return <StepRow outcome="failed" title={t(`steps.${key}Failed`, { reason: why(t, r) })} />;
}

function ListStepRow({ step, query, onNavigate }: { step: ListStep; query: string; onNavigate: () => void }) {
  const t = useTranslations("lookup");
  const key = step.by === "end_to_end" ? "endToEnd" : "fragment";
  const tableHref = `/payments?${step.by}=${encodeURIComponent(query)}`;
  const r = step.result;
  if (r.outcome === "found") {
    return (
      <StepRow outcome="found" title={t.rich(`steps.${key}Found`, { count: r.total, query, q: quoted })}>
        <PaymentLinkList payments={r.payments} onNavigate={onNavigate} label={t(step.by === "end_to_end" ? "steps.listEndToEnd" : "steps.listReference")} />
        <Link href={tableHref} onClick={onNavigate} className={cn(lookupLink, "mt-2 text-sm")}>
          {r.total > r.payments.length ? t("steps.openAll", { count: r.total }) : t("steps.openTable")} <ArrowRight aria-hidden className="h-4 w-4" />
        </Link>
      </StepRow>
    );
  }
  if (r.outcome === "not_found") return <StepRow outcome="not_found" title={t.rich(`steps.${key}None`, { query, q: quoted })} />;
  if (r.outcome === "failed") return <StepRow outcome="failed" title={t(`steps.${key}Failed`, { reason: why(t, r) })} />;
  return <StepRow outcome="skipped" title={t("steps.fragmentSkipped", { reason: why(t, r) })} />;
}

function Step({ step, query, onNavigate }: { step: LookupStep; query: string; onNavigate: () => void }) {
  if (isPaymentStep(step)) return <PaymentStepRow step={step} query={query} onNavigate={onNavigate} />;
  if (isListStep(step)) return <ListStepRow step={step} query={query} onNavigate={onNavigate} />;
  return <QrcodeStepRow step={step} query={query} onNavigate={onNavigate} />;
}

/** What was tried for a pasted text and what each try found; never a dead end. */
export function LookupResults({ answer, onNavigate, onRetry, retrying }: { answer: LookupAnswer; onNavigate: () => void; onRetry: () => void; retrying: boolean }) {
  const t = useTranslations("lookup");
  const anyFound = answer.steps.some((s) => s.result.outcome === "found");
  const anyFailed = answer.steps.some((s) => s.result.outcome === "failed");
  return (
    <div className="space-y-3" data-testid="lookup-results">
      <p className="text-xs text-fg-muted">{answer.kind === "end_to_end" ? t("results.recognisedEndToEnd") : t("results.tried")}</p>
      <ol className="space-y-3">
        {answer.steps.map((step) => (
          <Step key={step.by} step={step} query={answer.query} onNavigate={onNavigate} />
        ))}
      </ol>
      {anyFailed ? (
        <Button size="sm" onClick={onRetry} disabled={retrying}>
          <RotateCw aria-hidden className={retrying ? "h-4 w-4 animate-spin" : "h-4 w-4"} /> {t("results.retry")}
        </Button>
      ) : null}
      {!anyFound && !anyFailed ? <LookupNothing query={answer.query} kind={answer.kind} onNavigate={onNavigate} /> : null}
    </div>
  );
}
