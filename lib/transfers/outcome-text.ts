import type { TransferOutcome } from "./outcome";

/** Any translator over the whole message tree (next-intl's `useTranslations()` or lib/i18n/server `translator`). */
type Translate = {
  (key: string, values?: Record<string, string | number>): string;
  has(key: string): boolean;
};

/**
 * The words of an outcome, in the reader's language: the one wording, shown by
 * components/transfers/transfer-outcome.tsx and written in exports. The provider's own words
 * (a refusal's message) are quoted as they are.
 */
export function outcomeText(t: Translate, outcome: TransferOutcome): string {
  const why = (failure: string) => t(`transfers.outcome.failures.${failure}`);
  switch (outcome.kind) {
    case "registered": {
      const status = t.has(`glossary.paymentStatus.${outcome.status}`) ? t(`glossary.paymentStatus.${outcome.status}`) : outcome.status;
      return `${t(outcome.found_by_read_back ? "transfers.outcome.registeredFound" : "transfers.outcome.registered", { reference: outcome.reference_code })} (${status})`;
    }
    case "refused":
      return `${t("transfers.outcome.refused", { status: outcome.http_status })} “${outcome.message}”`;
    case "conflict":
      return t("transfers.outcome.conflict", { reference: outcome.reference_code, fields: outcome.differs.join(", ") });
    case "not_registered":
      return t(outcome.sent ? "transfers.outcome.notRegistered" : "transfers.outcome.notSent", { why: why(outcome.lost.failure) });
    case "unknown":
      return t("transfers.outcome.unknown", { why: why(outcome.lost.failure) });
    case "held":
      return t("transfers.outcome.held", { reasons: outcome.reasons.map((r) => t(`transfers.outcome.holdReasons.${r}`)).join("; ") });
  }
}
