import { CheckCircle2, Circle, CircleDot, XCircle, type LucideIcon } from "lucide-react";
import { useTranslations } from "next-intl";
import { cn } from "@/lib/utils";
import { BrazilDateTime } from "./brazil-date-time";
import { NotReported } from "./detail-fields";
import type { TimelineStep, TimelineStepState } from "./timeline";

const LOOK: Record<TimelineStepState, { icon: LucideIcon; className: string }> = {
  done: { icon: CheckCircle2, className: "text-emerald-700 dark:text-emerald-400" },
  current: { icon: CircleDot, className: "text-sky-700 dark:text-sky-400" },
  upcoming: { icon: Circle, className: "text-fg-muted" },
  canceled: { icon: XCircle, className: "text-rose-700 dark:text-rose-400" },
};

function StepTime({ step }: { step: TimelineStep }) {
  const t = useTranslations("paymentDetail.timeline");
  if (step.date) return <BrazilDateTime value={step.date} />;
  if (step.state === "upcoming") return <span className="text-fg-muted">{t("notYet")}</span>;
  if (step.state === "current") return <NotReported>{t("noTimeYet")}</NotReported>;
  return <NotReported>{t("timeNotReported")}</NotReported>;
}

/** Registered -> authorized -> sent -> completed (or canceled), honest about undated steps. */
export function StatusTimeline({ steps }: { steps: TimelineStep[] }) {
  const t = useTranslations("paymentDetail");
  return (
    <ol aria-label={t("sections.timeline")} className="relative space-y-4">
      {steps.map((step, i) => {
        const look = LOOK[step.state];
        const Icon = look.icon;
        const last = i === steps.length - 1;
        return (
          <li key={step.key} data-step={step.key} data-state={step.state} className="relative flex gap-3">
            {!last ? <span aria-hidden className="absolute left-[9px] top-6 h-[calc(100%-0.25rem)] w-px bg-border" /> : null}
            <Icon aria-hidden className={cn("relative mt-0.5 h-5 w-5 shrink-0 bg-surface", look.className)} />
            <div className="min-w-0 text-sm">
              <div className="flex flex-wrap items-baseline gap-x-2">
                <span className={cn("font-medium", step.state === "upcoming" ? "text-fg-muted" : "text-fg")}>{t(`timeline.steps.${step.key}`)}</span>
                <span className={cn("text-xs", look.className)}>{t(`timeline.states.${step.state}`)}</span>
              </div>
              <div className="text-fg-muted">
                <StepTime step={step} />
              </div>
              {step.note ? (
                <p className="mt-0.5 text-fg">{"key" in step.note ? t(`timeline.notes.${step.note.key}`) : step.note.text}</p>
              ) : null}
            </div>
          </li>
        );
      })}
    </ol>
  );
}
