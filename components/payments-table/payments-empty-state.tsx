import { SearchX } from "lucide-react";
import { useTranslations } from "next-intl";
import type { ActiveFilter } from "@/components/data-table/filter-descriptions";
import { Button } from "@/components/ui/button";

/** No rows: say which filters gave nothing, and offer the way out. */
export function PaymentsEmptyState({ active, onClearAll }: { active: readonly ActiveFilter[]; onClearAll: () => void }) {
  const t = useTranslations("payments.empty");
  return (
    <div role="status" className="flex flex-col items-center gap-3 rounded-lg border border-dashed border-border bg-surface px-6 py-12 text-center">
      <SearchX aria-hidden className="h-8 w-8 text-fg-muted" />
      {active.length === 0 ? (
        <p className="text-sm text-fg">{t("none")}</p>
      ) : (
        <>
          <p className="text-sm font-medium text-fg">{t("noMatch")}</p>
          <ul className="flex flex-wrap justify-center gap-x-4 gap-y-1 text-sm text-fg-muted">
            {active.map((filter) => (
              <li key={filter.id}>
                <span className="font-medium text-fg">{filter.label}</span> {filter.value}
              </li>
            ))}
          </ul>
          <Button size="sm" onClick={onClearAll}>
            {t("clearAll")}
          </Button>
        </>
      )}
    </div>
  );
}
