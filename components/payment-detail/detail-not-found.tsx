import { SearchX } from "lucide-react";
import { useTranslations } from "next-intl";
import type { ReactNode } from "react";
import { BackToPayments } from "./back-to-payments";

/**
 * A detail page's record was not found (a payment, a QR code): the id as searched, why it cannot
 * exist when that is known, and the ways on (`actions`); `after` goes below the card.
 */
export function DetailNotFound({
  words,
  searched,
  reason,
  actions,
  after,
}: {
  words: { title: string; text: string; hint: string };
  searched: string;
  /** Why the id cannot exist at all (e.g. it contains a slash), when that is the case. */
  reason?: string;
  actions: ReactNode;
  after?: ReactNode;
}) {
  const t = useTranslations("common");
  return (
    <div className="mx-auto max-w-2xl space-y-5 py-6">
      <BackToPayments />
      <div className="rounded-lg border border-border bg-surface p-6 shadow-sm">
        <div className="flex items-start gap-3">
          <SearchX aria-hidden className="mt-1 h-6 w-6 shrink-0 text-fg-muted" />
          <div className="min-w-0 space-y-2">
            <h1 className="text-xl font-semibold text-fg">{words.title}</h1>
            <p className="text-sm text-fg-muted">{words.text}</p>
            <p data-testid="searched-id" className="break-all rounded bg-surface-muted px-2 py-1 font-mono text-sm text-fg">
              {searched || t("states.empty")}
            </p>
            {reason ? <p className="text-sm text-fg">{reason}</p> : null}
            <p className="text-sm text-fg-muted">{words.hint}</p>
          </div>
        </div>
        <div className="mt-5 flex flex-wrap gap-2">{actions}</div>
      </div>
      {after}
    </div>
  );
}
