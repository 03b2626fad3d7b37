"use client";

import { useTranslations } from "next-intl";
import { ErrorState } from "@/components/ui/error-state";
import { BackToPayments } from "./back-to-payments";

/** A failure while rendering a detail page: the reason and a Retry that fetches and renders it again. */
export function DetailError({ error, retry }: { error: unknown; retry: () => void }) {
  const t = useTranslations("common");
  return (
    <div className="space-y-4">
      <BackToPayments />
      <ErrorState title={t("pageError")} error={error} onRetry={retry} />
    </div>
  );
}
