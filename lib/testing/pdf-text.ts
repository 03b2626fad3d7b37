import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

/**
 * The text of a PDF as a reader's copy-paste gets it, through poppler's pdftotext (Debian's
 * poppler-utils: scripts/test-all.sh installs it). Tests only.
 */
export function pdfText(pdf: Uint8Array, options: { layout?: boolean } = {}): string {
  const dir = mkdtempSync(join(tmpdir(), "pdf-text-"));
  try {
    const file = join(dir, "in.pdf");
    writeFileSync(file, pdf);
    return execFileSync("pdftotext", [...(options.layout ? ["-layout"] : []), "-enc", "UTF-8", file, "-"], { encoding: "utf8" });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") throw new Error("pdftotext is missing: apt-get install poppler-utils (scripts/test-all.sh does)");
    throw error;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The number of pages pdfinfo counts (a receipt is one page). */
export function pdfPageCount(pdf: Uint8Array): number {
  const dir = mkdtempSync(join(tmpdir(), "pdf-info-"));
  try {
    const file = join(dir, "in.pdf");
    writeFileSync(file, pdf);
    const info = execFileSync("pdfinfo", [file], { encoding: "utf8" });
    return Number(/^Pages:\s+(\d+)/m.exec(info)?.[1] ?? Number.NaN);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
