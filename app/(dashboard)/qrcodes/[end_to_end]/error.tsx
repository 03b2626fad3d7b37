"use client";

import { useTranslations } from "next-intl";
import { BackToPayments } from "@/components/payment-detail/back-to-payments";
import { ErrorState } from "@/components/ui/error-state";

/** A failure while rendering this page: the reason and a Retry that fetches and renders it again. */
export default function DetailError({ error, retry }: { error: unknown; retry: () => void }) {
  const t = useTranslations("common");
  return (
    <div className="space-y-4">
      <BackToPayments />
      <ErrorState title={t("pageError")} error={error} onRetry={retry} />
    </div>
  );
}
