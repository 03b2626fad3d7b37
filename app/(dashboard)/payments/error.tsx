"use client";

import { ErrorState } from "@/components/ui/error-state";

/** A failure while rendering the payments page: the reason and a Retry that renders it again. */
export default function PaymentsError({ error, retry }: { error: unknown; retry: () => void }) {
  return (
    <div className="flex flex-col gap-4">
      <h1 className="text-xl font-semibold text-fg">Payments</h1>
      <ErrorState title="The payments page could not be shown" error={error} onRetry={retry} />
    </div>
  );
}
