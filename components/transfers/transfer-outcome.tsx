import { useTranslations } from "next-intl";
import type { TransferOutcome } from "@/lib/transfers/outcome";
import { outcomeText } from "@/lib/transfers/outcome-text";

type Translate = Parameters<typeof outcomeText>[0];

/**
 * THE rendering of a submission's outcome (lib/transfers/outcome.ts) wherever one is shown: the
 * transfer page, its timeline, the New transfer form, a batch's rows. The words come from
 * `outcomeText` (exports write the same); the provider's own words are quoted as they are.
 */
export function TransferOutcomeView({ outcome }: { outcome: TransferOutcome }) {
  const t = useTranslations() as unknown as Translate;
  if (outcome.kind === "refused") {
    return (
      <div className="flex flex-col gap-1">
        <p>{t("transfers.outcome.refused", { status: outcome.http_status })}</p>
        <blockquote className="border-l-2 border-border pl-3 font-medium break-words" data-testid="provider-words">
          {outcome.message}
        </blockquote>
      </div>
    );
  }
  return <p>{outcomeText(t, outcome)}</p>;
}
