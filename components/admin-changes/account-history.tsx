"use client";

import { useTranslations } from "next-intl";
import type { AccountEvent } from "@/lib/admin-changes/types";
import { formatBrazilDateTime } from "@/lib/pix";

/**
 * What was done to the account of a pending change in the last 30 days, newest first: a role
 * "given back" that follows a demotion and a credential reset by the same admin reads as what it
 * is (a takeover needs a second admin, and that admin is shown this).
 */
export function AccountHistory({ events }: { events: readonly AccountEvent[] }) {
  const t = useTranslations("adminChanges.history");
  const audit = useTranslations("audit.actions");
  const role = useTranslations("glossary.roles");
  const label = (action: string) => (audit.has(action as never) ? audit(action as never) : action);
  return (
    <details className="mt-1 text-xs" data-testid="account-history" open>
      <summary className="cursor-pointer font-medium text-fg">{t("title", { count: events.length })}</summary>
      <ul className="mt-1 flex flex-col gap-0.5 text-fg-muted">
        {events.map((e, i) => {
          const from = typeof e.detail.from === "string" && role.has(e.detail.from as never) ? role(e.detail.from as never) : null;
          const to = typeof e.detail.to === "string" && role.has(e.detail.to as never) ? role(e.detail.to as never) : null;
          return (
            <li key={`${e.at}-${i}`}>
              {t("line", { at: formatBrazilDateTime(e.at), what: label(e.action), by: e.by ?? t("system") })}
              {from && to ? ` (${from} → ${to})` : null}
            </li>
          );
        })}
      </ul>
    </details>
  );
}
