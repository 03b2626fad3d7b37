import { create } from "qrcode";

/** Modules of white border around the symbol; scanners need at least 4. */
export const QUIET_ZONE = 4;

type QrMatrix = { size: number; path: string };

/**
 * The QR symbol of `text` as one SVG path (a rectangle per run of dark modules in a row),
 * including the quiet zone in `size`. Rendered as plain SVG elements: no script, no data:
 * URL, so it needs nothing from the CSP. Error correction M, as Pix apps print.
 */
export function qrMatrix(text: string): QrMatrix {
  const { modules } = create(text, { errorCorrectionLevel: "M" });
  const n = modules.size;
  let path = "";
  for (let row = 0; row < n; row++) {
    let col = 0;
    while (col < n) {
      if (!modules.get(row, col)) {
        col++;
        continue;
      }
      const start = col;
      while (col < n && modules.get(row, col)) col++;
      path += `M${start + QUIET_ZONE} ${row + QUIET_ZONE}h${col - start}v1h-${col - start}z`;
    }
  }
  return { size: n + 2 * QUIET_ZONE, path };
}
