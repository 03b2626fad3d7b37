"use client";

import { ExportButton } from "@/components/ui/export-button";
import type { ListPaymentsParams } from "@/lib/contract/list";
import type { ExportFormat } from "@/lib/export/columns";
import { listQueryString } from "@/lib/queries/payments";

/** The exports of the whole list query (every page, not just the one on screen), CSV or XLSX. */
export function PaymentsExport({
  params,
  expectedRows,
  disabled,
}: {
  params: ListPaymentsParams;
  expectedRows: number | undefined;
  disabled: boolean;
}) {
  const href = (format: ExportFormat) => {
    const filters = { ...params };
    delete filters.page;
    const query = listQueryString(filters);
    const formatParam = format === "csv" ? "" : `${query ? "&" : "?"}format=${format}`;
    return `/api/payments/export${query}${formatParam}`;
  };
  return <ExportButton href={href} expectedRows={expectedRows} disabled={disabled} testId="payments-export" />;
}
