"use client";

import { useTranslations } from "next-intl";
import { ExportButton } from "@/components/ui/export-button";
import type { ExportFormat } from "@/lib/export/columns";

const FILTER_KEYS = ["action", "actor", "outcome", "from", "to"] as const;

/**
 * The audit log's export: every entry of the filters on screen (not only this page), CSV or
 * XLSX. `filters` are the page's URL values (the ones it could read); `total` its count.
 */
export function AuditExport({ filters, total }: { filters: Partial<Record<string, string>>; total?: number }) {
  const t = useTranslations("exports");
  const href = (format: ExportFormat) => {
    const query = new URLSearchParams();
    for (const key of FILTER_KEYS) {
      const value = filters[key]?.trim();
      if (value) query.set(key, value);
    }
    if (format !== "csv") query.set("format", format);
    const text = query.toString();
    return `/api/audit/export${text ? `?${text}` : ""}`;
  };
  return (
    <div className="flex flex-col gap-1" data-testid="audit-export">
      <ExportButton href={href} expectedRows={total} disabled={total === 0} testId="audit-export" />
      <p className="text-xs text-fg-muted">{t("auditHint")}</p>
    </div>
  );
}
