"use client";

import { useTranslations } from "next-intl";
import { useMemo } from "react";
import { qrMatrix } from "./qr-matrix";

/**
 * The QR image of a copy-and-paste code, drawn from the text itself. Always dark on white
 * with a quiet zone (also in dark mode): scanners need the contrast.
 */
export function QrImage({ content, size = 232 }: { content: string; size?: number }) {
  const t = useTranslations("qrcodeDetail.image");
  const matrix = useMemo(() => {
    try {
      return { ok: true as const, ...qrMatrix(content) };
    } catch (err) {
      // The QR library's own (technical) words, quoted.
      return { ok: false as const, reason: err instanceof Error ? err.message : String(err) };
    }
  }, [content]);

  if (!matrix.ok) {
    return (
      <p role="status" className="text-sm text-fg-muted">
        {t("cannotDraw", { reason: matrix.reason })}
      </p>
    );
  }
  return (
    <svg
      role="img"
      aria-label={t("label")}
      data-testid="qr-image"
      width={size}
      height={size}
      viewBox={`0 0 ${matrix.size} ${matrix.size}`}
      shapeRendering="crispEdges"
      className="rounded-md border border-border bg-white"
    >
      <rect width={matrix.size} height={matrix.size} fill="#ffffff" />
      <path d={matrix.path} fill="#000000" />
    </svg>
  );
}
