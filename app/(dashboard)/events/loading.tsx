import { EventLogSkeleton } from "@/components/events/event-log";

export default function EventsLoading() {
  return (
    <div className="flex flex-col gap-4" aria-busy="true">
      <h1 className="text-xl font-semibold text-fg">Webhook events</h1>
      <EventLogSkeleton />
    </div>
  );
}
