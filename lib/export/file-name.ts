import { brazilWallClock } from "@/lib/pix/time";
import type { DownloadFormat } from "./columns";

const pad = (n: number, width = 2) => String(n).padStart(width, "0");

/**
 * "pagamentos_2026-03-01_09-15-30.csv": the file's name in the caller's language with Brazil's
 * date and time of the export (year first so a folder sorts by it; seconds, so two exports a
 * minute apart keep their own names). `base` is ASCII words, e.g. "pagamentos" or "audit-log".
 */
export function exportFileName(base: string, format: DownloadFormat | "zip", now: Date): string {
  const w = brazilWallClock(now);
  const safe = base.normalize("NFD").replace(/[\u0300-\u036f]/g, "").replace(/[^\w-]+/g, "-").replace(/^-+|-+$/g, "") || "export";
  return `${safe}_${pad(w.year, 4)}-${pad(w.month)}-${pad(w.day)}_${pad(w.hour)}-${pad(w.minute)}-${pad(w.second)}.${format}`;
}

/** The Content-Disposition of a download (an ASCII name: no filename* needed). */
export function attachment(fileName: string): string {
  return `attachment; filename="${fileName.replace(/["\\]/g, "")}"`;
}
