import { useTranslations } from "next-intl";
import { formatBrazilDateTime } from "@/lib/pix";
import type { TransferEvent } from "@/lib/transfers/types";
import { TransferStateBadge } from "./state-badge";
import { TransferOutcomeView } from "./transfer-outcome";

type Translate = (key: string, values?: Record<string, string | number>) => string;

/** Every state change of the request, oldest first: who or what moved it, why, and what the provider said. */
export function TransferTimeline({ history }: { history: TransferEvent[] }) {
  const t = useTranslations("transfers.detail");
  const any = useTranslations() as unknown as Translate & { has: (key: string) => boolean };
  return (
    <section aria-labelledby="transfer-timeline-title" className="flex flex-col gap-2">
      <h2 id="transfer-timeline-title" className="text-sm font-semibold text-fg">
        {t("timeline")}
      </h2>
      <ol className="flex flex-col gap-3 border-l border-border pl-4" data-testid="transfer-timeline">
        {history.map((e, i) => (
          <li key={i} className="relative flex flex-col gap-1 text-sm">
            <span aria-hidden className="absolute -left-[1.3rem] top-1.5 h-2 w-2 rounded-full bg-border" />
            <div className="flex flex-wrap items-center gap-2">
              <TransferStateBadge state={e.to_state} />
              <span className="tabular-nums text-fg-muted">{formatBrazilDateTime(e.at)}</span>
              <span className="text-fg-muted">· {e.actor?.email ?? t("engine")}</span>
            </div>
            {e.note && any.has(e.note.key) ? <p className="text-fg">{any(e.note.key, e.note.values)}</p> : null}
            {e.outcome ? (
              <div className="text-fg">
                <TransferOutcomeView outcome={e.outcome} />
              </div>
            ) : null}
          </li>
        ))}
      </ol>
    </section>
  );
}
