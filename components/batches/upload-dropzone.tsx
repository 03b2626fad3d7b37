"use client";

import { Download, FileSpreadsheet, Upload } from "lucide-react";
import { useTranslations } from "next-intl";
import { useId, useRef, useState, type DragEvent } from "react";
import { Button } from "@/components/ui/button";
import { MAX_BATCH_BYTES, MAX_BATCH_ROWS } from "@/lib/batches/limits";
import { cn } from "@/lib/utils";

const BATCH_TEMPLATE_HREF = "/api/batches/template.csv";
const XLSX_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";
/** What the file picker offers; the server decides from the bytes anyway. */
const ACCEPT = `.csv,.xlsx,text/csv,${XLSX_TYPE}`;
const MAX_MB = MAX_BATCH_BYTES / 1024 / 1024;

const sizeFormat = new Intl.NumberFormat("pt-BR", { maximumFractionDigits: 1 });

/** 1536 -> "1,5 kB", 2_500_000 -> "2,4 MB" (Brazilian format whatever the language). */
export function formatFileSize(bytes: number): string {
  if (bytes < 1024 * 1024) return `${sizeFormat.format(Math.max(bytes, 1) / 1024)} kB`;
  return `${sizeFormat.format(bytes / 1024 / 1024)} MB`;
}

/** Why a chosen file cannot be a batch file before sending it, or null: the type by name, the size. */
export function fileRefusal(file: Pick<File, "name" | "type" | "size">): "wrongType" | "tooLarge" | null {
  const name = file.name.toLowerCase();
  if (!name.endsWith(".csv") && !name.endsWith(".xlsx") && file.type !== "text/csv" && file.type !== XLSX_TYPE) return "wrongType";
  if (file.size > MAX_BATCH_BYTES) return "tooLarge";
  return null;
}

type Props = {
  /** Called with a file that looks like CSV/XLSX within the size limit. */
  onFile: (file: File) => void;
  /** While the page uploads the chosen file. */
  disabled?: boolean;
  templateHref?: string;
};

/**
 * Where a batch file is chosen: dropped on the zone, or picked with the button (a real button:
 * keyboard and screen readers reach it; the file input itself stays out of the tab order). The
 * chosen file's name and size stay on screen; a file that is not CSV/XLSX or too large is
 * refused here, with the reason, without calling `onFile`.
 */
export function UploadDropzone({ onFile, disabled = false, templateHref = BATCH_TEMPLATE_HREF }: Props) {
  const t = useTranslations("batches.upload");
  const inputRef = useRef<HTMLInputElement>(null);
  const hintId = useId();
  const [dragging, setDragging] = useState(false);
  const [chosen, setChosen] = useState<{ name: string; size: number } | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);

  const take = (file: File | undefined) => {
    if (!file || disabled) return;
    const why = fileRefusal(file);
    if (why) {
      setRefusal(why === "wrongType" ? t("wrongType", { name: file.name }) : t("tooLarge", { name: file.name, maxMb: MAX_MB }));
      return;
    }
    setRefusal(null);
    setChosen({ name: file.name, size: file.size });
    onFile(file);
  };

  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setDragging(false);
    take(event.dataTransfer.files[0]);
  };

  return (
    <div className="space-y-3">
      <div
        data-testid="batch-dropzone"
        data-dragging={dragging || undefined}
        onDragOver={(event) => {
          event.preventDefault();
          if (!disabled) setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        className={cn(
          "flex flex-col items-center gap-3 rounded-lg border-2 border-dashed px-4 py-8 text-center transition-colors",
          dragging ? "border-brand-600 bg-brand-50 dark:bg-brand-700/20" : "border-border bg-surface",
          disabled && "opacity-60",
        )}
      >
        <Upload aria-hidden className="h-8 w-8 text-fg-muted" />
        <p className="text-sm font-medium text-fg">{t("drop")}</p>
        <p className="text-xs text-fg-muted">{t("or")}</p>
        <Button variant="primary" disabled={disabled} aria-describedby={hintId} onClick={() => inputRef.current?.click()}>
          {chosen ? t("change") : t("choose")}
        </Button>
        <input
          ref={inputRef}
          type="file"
          accept={ACCEPT}
          tabIndex={-1}
          aria-hidden
          className="sr-only"
          onChange={(event) => {
            take(event.target.files?.[0]);
            // The same file chosen again after a fix must fire again.
            event.target.value = "";
          }}
        />
        <p id={hintId} className="max-w-md text-xs text-fg-muted">
          {t("hint", { maxRows: MAX_BATCH_ROWS, maxMb: MAX_MB })}
        </p>
      </div>
      {chosen ? (
        <p className="flex items-center gap-2 text-sm text-fg" role="status" data-testid="batch-file-chosen">
          <FileSpreadsheet aria-hidden className="h-4 w-4 shrink-0 text-fg-muted" />
          <span className="break-all">{t("selected", { name: chosen.name, size: formatFileSize(chosen.size) })}</span>
        </p>
      ) : null}
      {refusal ? (
        <p role="alert" className="text-sm text-red-700 dark:text-red-400">
          {refusal}
        </p>
      ) : null}
      <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm">
        <a href={templateHref} download className="inline-flex items-center gap-1.5 font-medium text-blue-700 underline-offset-2 hover:underline dark:text-blue-300">
          <Download aria-hidden className="h-4 w-4" />
          {t("template")}
        </a>
        <span className="text-xs text-fg-muted">{t("templateHint")}</span>
      </p>
    </div>
  );
}
