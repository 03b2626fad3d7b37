import { useTranslations } from "next-intl";
import { TableSkeleton } from "@/components/data-table/list-bits";
import { Button } from "@/components/ui/button";
import { Notice } from "@/components/ui/notice";

const count = new Intl.NumberFormat("pt-BR");

const PAYMENT_CELLS = [
  { className: "h-4 w-32" },
  { className: "h-5 w-24", pill: true },
  { className: "h-4 w-20" },
  { className: "h-4 w-40" },
  { className: "h-4 w-28" },
  { className: "hidden h-4 w-40 lg:block" },
  { className: "hidden h-4 w-32 xl:block" },
];

/** The payments table's shape while the first page loads. */
export function PaymentsTableSkeleton() {
  const t = useTranslations("payments");
  return <TableSkeleton label={t("loading")} rows={12} cells={PAYMENT_CELLS} />;
}

/** A link to page 40 of a query that now has 3 pages: say so and offer the last page. */
export function PageOutOfRangeNotice({ page, lastPage, onGo }: { page: number; lastPage: number; onGo: (page: number) => void }) {
  const t = useTranslations("payments.outOfRange");
  return (
    <Notice>
      <span>{t("text", { page: count.format(page), pages: lastPage, count: count.format(lastPage) })} </span>
      <Button size="sm" variant="link" onClick={() => onGo(lastPage)}>
        {t("goTo", { page: count.format(lastPage) })}
      </Button>
    </Notice>
  );
}
