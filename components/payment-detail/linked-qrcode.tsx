"use client";

import { useQuery } from "@tanstack/react-query";
import { ArrowRight, QrCode } from "lucide-react";
import { useTranslations } from "next-intl";
import Link from "next/link";
import { QrStatusBadge } from "@/components/qrcode-detail/qr-status-badge";
import { ErrorState } from "@/components/ui/error-state";
import { Skeleton } from "@/components/ui/skeleton";
import { isApiRequestError } from "@/lib/domain/api-client";
import { formatBRL } from "@/lib/pix/money";
import { qrcodeQueries } from "@/lib/queries/payments";
import { DetailSection } from "./detail-fields";

/**
 * The QR code record of a sent payment, read by its end_to_end. Most payments (sent by key
 * or account) have none: a 404 is an ordinary answer here, said calmly, not an error.
 */
export function LinkedQrcode({ endToEnd }: { endToEnd: string }) {
  const t = useTranslations("paymentDetail.qrcode");
  const query = useQuery(qrcodeQueries.detail(endToEnd));
  const href = `/qrcodes/${encodeURIComponent(endToEnd)}`;
  return (
    <DetailSection title={t("title")}>
      {query.isPending ? (
        <div aria-busy="true" aria-label={t("loading")} className="space-y-2">
          <Skeleton className="h-5 w-40" />
          <Skeleton className="h-4 w-64" />
        </div>
      ) : query.isError ? (
        isApiRequestError(query.error) && query.error.status === 404 ? (
          <div data-testid="no-qrcode" className="flex items-start gap-2 text-sm text-fg-muted">
            <QrCode aria-hidden className="mt-0.5 h-4 w-4 shrink-0" />
            <p>
              <span className="font-medium text-fg">{t("none")}</span> {t("noneWhy")}
            </p>
          </div>
        ) : (
          <ErrorState
            title={t("couldNotLoad")}
            error={query.error}
            onRetry={() => void query.refetch()}
            retrying={query.isFetching}
          />
        )
      ) : (
        <div className="flex flex-wrap items-center justify-between gap-3 text-sm">
          <div className="flex flex-wrap items-center gap-2">
            <QrStatusBadge status={query.data.qrcode.status} />
            <span className="font-medium tabular-nums text-fg">{formatBRL(query.data.qrcode.value_cents)}</span>
            <span className="text-fg-muted">
              {t("reference")} <span className="font-mono">{query.data.qrcode.reference_code}</span>
            </span>
          </div>
          <Link href={href} className="inline-flex items-center gap-1 font-medium text-blue-700 hover:underline dark:text-blue-300">
            {t("open")} <ArrowRight aria-hidden className="h-4 w-4" />
          </Link>
        </div>
      )}
    </DetailSection>
  );
}
