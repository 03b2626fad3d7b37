"use client";

import { BackToPayments } from "@/components/payment-detail/back-to-payments";
import { ErrorState } from "@/components/ui/error-state";

/** A failure while rendering this page: the reason and a Retry that fetches and renders it again. */
export default function DetailError({ error, retry }: { error: unknown; retry: () => void }) {
  return (
    <div className="space-y-4">
      <BackToPayments />
      <ErrorState title="This page could not be shown" error={error} onRetry={retry} />
    </div>
  );
}
