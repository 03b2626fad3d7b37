"use client";

import { useQuery } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { Card, CardBody } from "@/components/ui/card";
import { formatBrazilDay } from "@/lib/pix/date-input";
import { formatBRL } from "@/lib/pix/money";
import { chargeQueries } from "@/lib/queries/charges";

/**
 * How the charges stand today, above the list and whatever its filters: open and due today,
 * overdue (unpaid, due in the last 30 days: the same rule as the "charges overdue" alert), and
 * received this month. Nothing is shown while it loads or if it cannot be read: the list is the page.
 */
export function ChargesAging() {
  const t = useTranslations("charges.aging");
  const { data } = useQuery(chargeQueries.aging());
  if (!data) return null;
  const a = data.aging;
  const figures = [
    { key: "dueToday", figure: a.due_today, note: null },
    { key: "overdue", figure: a.overdue, note: a.overdue.oldest_due_date ? t("oldest", { date: formatBrazilDay(a.overdue.oldest_due_date) }) : null },
    { key: "paidThisMonth", figure: a.paid_this_month, note: null },
  ] as const;
  return (
    <section aria-label={t("label")} className="grid gap-3 sm:grid-cols-3">
      {figures.map(({ key, figure, note }) => (
        <Card key={key} data-testid={`charges-aging-${key}`}>
          <CardBody className="flex flex-col gap-1">
            <h2 className="text-sm text-fg-muted">{t(key)}</h2>
            <p className="text-lg font-semibold tabular-nums text-fg">{formatBRL(figure.value_cents)}</p>
            <p className="text-sm text-fg-muted">
              {t("count", { count: figure.count })}
              {note ? ` · ${note}` : ""}
            </p>
          </CardBody>
        </Card>
      ))}
    </section>
  );
}
