import { useTranslations } from "next-intl";
import type { TransferOutcome } from "@/lib/transfers/outcome";

/**
 * THE rendering of a submission's outcome (lib/transfers/outcome.ts), wherever one is shown: the
 * transfer page, its timeline, the New transfer form. The provider's own words are quoted as
 * they are; ours are in the reader's language.
 */
export function TransferOutcomeView({ outcome }: { outcome: TransferOutcome }) {
  const t = useTranslations("transfers.outcome");
  const glossary = useTranslations("glossary");
  switch (outcome.kind) {
    case "registered":
      return (
        <p>
          {t(outcome.found_by_read_back ? "registeredFound" : "registered", { reference: outcome.reference_code })}{" "}
          <span className="text-fg-muted">({glossary(`paymentStatus.${outcome.status}`)})</span>
        </p>
      );
    case "refused":
      return (
        <div className="flex flex-col gap-1">
          <p>{t("refused", { status: outcome.http_status })}</p>
          <blockquote className="border-l-2 border-border pl-3 font-medium break-words" data-testid="provider-words">
            {outcome.message}
          </blockquote>
        </div>
      );
    case "conflict":
      return <p>{t("conflict", { reference: outcome.reference_code, fields: outcome.differs.join(", ") })}</p>;
    case "not_registered":
      return <p>{t(outcome.sent ? "notRegistered" : "notSent", { why: t(`failures.${outcome.lost.failure}`) })}</p>;
    case "unknown":
      return <p>{t("unknown", { why: t(`failures.${outcome.lost.failure}`) })}</p>;
  }
}
