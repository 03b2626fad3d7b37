"use client";

import { ErrorState } from "@/components/ui/error-state";

/** A failure while rendering the event log page: the reason and a Retry that renders it again. */
export default function EventsError({ error, retry }: { error: unknown; retry: () => void }) {
  return (
    <div className="flex flex-col gap-4">
      <h1 className="text-xl font-semibold text-fg">Webhook events</h1>
      <ErrorState title="The event log could not be shown" error={error} onRetry={retry} />
    </div>
  );
}
