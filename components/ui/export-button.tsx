"use client";

import { CheckCircle2, ChevronDown, Download, FileSpreadsheet, FileText, Landmark, X, type LucideIcon } from "lucide-react";
import { useTranslations } from "next-intl";
import { useDisclosure } from "@/components/data-table/use-disclosure";
import { Button } from "@/components/ui/button";
import { EXPORT_FORMATS, type DownloadFormat, type ExportFormat } from "@/lib/export/columns";
import { useExportDownload, type ExportState } from "./use-export-download";

const count = new Intl.NumberFormat("pt-BR");
const size = new Intl.NumberFormat("pt-BR", { maximumFractionDigits: 1 });
const PANEL_WIDTH = 240;
const FORMAT_ICONS: Record<DownloadFormat, LucideIcon> = { csv: FileText, xlsx: FileSpreadsheet, ofx: Landmark };

/** "850 kB", "1,2 MB": figures are Brazilian in every language. */
function sizeText(bytes: number): string {
  return bytes < 1_000_000 ? `${size.format(Math.max(1, Math.round(bytes / 1000)))} kB` : `${size.format(bytes / 1_000_000)} MB`;
}

/**
 * "Export" with its two files (CSV that Brazilian Excel opens, XLSX) in a small panel, then
 * honest progress while the file arrives (CSV: rows of the total; XLSX: bytes received) with
 * Cancel, then what was saved. `href` gives the export's address for a format; `formats` the
 * files offered (CSV and XLSX unless said).
 */
export function ExportButton<F extends DownloadFormat = ExportFormat>({
  href,
  // The default list is ExportFormat's, which F defaults to.
  formats = EXPORT_FORMATS as readonly DownloadFormat[] as readonly F[],
  expectedRows,
  disabled,
  testId = "export",
}: {
  href: (format: F) => string;
  formats?: readonly F[];
  /** The list's count now, to say when it changed while the file was written. */
  expectedRows?: number;
  disabled?: boolean;
  testId?: string;
}) {
  const t = useTranslations("exports");
  const { state, start, cancel } = useExportDownload();
  const { open, close, triggerProps, panelProps } = useDisclosure(PANEL_WIDTH);

  if (state.status === "running") return <ExportProgress state={state} onCancel={cancel} testId={testId} />;

  function choose(format: F) {
    close(false);
    void start(href(format));
  }

  return (
    <div className="flex min-w-0 flex-wrap items-center gap-2">
      <div className="relative">
        <Button size="sm" disabled={disabled} {...triggerProps} data-testid={`${testId}-button`}>
          <Download aria-hidden className="h-4 w-4" /> {t("button")} <ChevronDown aria-hidden className="h-3.5 w-3.5" />
        </Button>
        {open ? (
          <div
            {...panelProps}
            role="group"
            aria-label={t("menuLabel")}
            className="absolute top-full z-50 mt-1 flex flex-col gap-1 rounded-lg border border-border bg-surface p-1.5 text-fg shadow-lg data-[align=end]:right-0 data-[align=start]:left-0"
          >
            {formats.map((format) => {
              const label: DownloadFormat = format;
              const Icon = FORMAT_ICONS[label];
              return (
                <Button key={format} size="sm" variant="ghost" align="start" onClick={() => choose(format)} data-testid={`${testId}-${format}`}>
                  <Icon aria-hidden className="h-4 w-4" /> {t(`formats.${label}`)}
                </Button>
              );
            })}
          </div>
        ) : null}
      </div>
      <span role="status" className="min-w-0 text-xs text-fg-muted" data-testid={`${testId}-status`}>
        <ExportOutcome state={state} expectedRows={expectedRows} />
      </span>
    </div>
  );
}

function ExportOutcome({ state, expectedRows }: { state: ExportState; expectedRows: number | undefined }) {
  const t = useTranslations("exports");
  if (state.status === "done") {
    const changed = state.rows !== null && expectedRows !== undefined && expectedRows !== state.rows;
    return (
      <span className="inline-flex items-center gap-1">
        <CheckCircle2 aria-hidden className="h-3.5 w-3.5 shrink-0 text-green-700 dark:text-green-400" />
        {state.rows === null ? t("savedXlsx", { fileName: state.fileName }) : t("saved", { fileName: state.fileName, n: state.rows, rows: count.format(state.rows) })}
        {changed ? ` — ${t("changed", { count: count.format(expectedRows) })}` : ""}
      </span>
    );
  }
  if (state.status === "canceled") return t("canceled");
  if (state.status === "failed") {
    const message = state.reason ?? (state.httpStatus ? t("failedStatus", { status: state.httpStatus }) : t("stopped"));
    return <span className="text-red-700 dark:text-red-400">{t("failed", { message })}</span>;
  }
  return null;
}

function ExportProgress({
  state,
  onCancel,
  testId,
}: {
  state: Extract<ExportState, { status: "running" }>;
  onCancel: () => void;
  testId: string;
}) {
  const t = useTranslations("exports");
  const { rows, totalRows, bytes, format } = state;
  const counted = format === "csv" && rows !== null && totalRows !== null;
  const label = format === null ? t("starting") : counted ? t("rowsOf", { rows: count.format(rows), total: count.format(totalRows) }) : t("received", { size: sizeText(bytes) });
  const percent = counted && totalRows > 0 ? Math.min(100, Math.round((rows / totalRows) * 100)) : null;
  return (
    <div className="flex items-center gap-2" data-testid={`${testId}-progress`}>
      <div className="flex w-48 flex-col gap-1">
        <div
          role="progressbar"
          aria-label={t("progressLabel")}
          aria-valuemin={counted ? 0 : undefined}
          aria-valuemax={counted ? Math.max(1, totalRows) : undefined}
          aria-valuenow={counted ? rows : undefined}
          aria-valuetext={label}
          className="h-2 overflow-hidden rounded-full bg-surface-muted"
        >
          <div
            className={percent === null ? "h-full w-1/3 animate-pulse rounded-full bg-brand-600 dark:bg-brand-500" : "h-full rounded-full bg-brand-600 transition-[width] dark:bg-brand-500"}
            style={percent === null ? undefined : { width: `${percent}%` }}
          />
        </div>
        <span className="text-xs tabular-nums text-fg-muted">{label}</span>
      </div>
      <Button size="sm" onClick={onCancel}>
        <X aria-hidden className="h-4 w-4" /> {t("cancel")}
      </Button>
    </div>
  );
}
