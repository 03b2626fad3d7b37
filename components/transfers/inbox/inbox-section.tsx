"use client";

import { useQuery } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { batchQueries } from "@/lib/queries/batches";
import { transferQueries } from "@/lib/queries/transfers";
import { inboxItems, rowsMergedIntoSeries } from "@/lib/transfers/inbox-items";
import { InboxPanel } from "./inbox-panel";

/** At most this many items in the section; the rest are one click away (the "Aguardando você" view). */
const SHOWN = 10;

/**
 * "Aguardando você" above every view of /transfers for an approver: the single requests and the
 * batches (one item each) waiting for their decision, the same count as the header badge, with
 * the bulk decision. Hidden when nothing waits.
 */
export function InboxSection({ onSeeAll }: { onSeeAll: () => void }) {
  const t = useTranslations("transfers");
  const requests = useQuery(transferQueries.list("?scope=inbox"));
  const batches = useQuery(batchQueries.inbox());
  const ready = requests.data && batches.data;
  const items = ready ? inboxItems(batches.data.batches, requests.data.transfers) : [];
  const total = ready ? requests.data.meta.total - rowsMergedIntoSeries(requests.data.transfers) + batches.data.meta.total : 0;
  const shown = items.slice(0, SHOWN);
  return (
    <InboxPanel
      items={shown}
      caption={t("filters.inbox")}
      hideWhenEmpty
      frame={(body) => (
        <section
          aria-labelledby="inbox-title"
          data-testid="inbox-section"
          className="flex flex-col gap-2 rounded-lg border border-amber-300 bg-amber-50/60 p-3 dark:border-amber-800 dark:bg-amber-950/20"
        >
          <h2 id="inbox-title" className="flex items-center gap-2 text-sm font-semibold text-fg">
            {t("filters.inbox")}
            <span className="rounded-full bg-amber-200 px-2 text-xs font-semibold text-amber-950 dark:bg-amber-800 dark:text-amber-50" data-testid="inbox-section-count">
              {total}
            </span>
          </h2>
          {body}
          {total > shown.length ? (
            <button type="button" onClick={onSeeAll} className="w-fit text-sm font-medium text-blue-700 underline-offset-2 hover:underline dark:text-blue-300">
              {t("inbox.seeAll", { count: total })}
            </button>
          ) : null}
        </section>
      )}
    />
  );
}
