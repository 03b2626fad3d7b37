import { useTranslations } from "next-intl";
import { EventLogSkeleton } from "@/components/events/event-log";

export default function EventsLoading() {
  const t = useTranslations("events");
  return (
    <div className="flex flex-col gap-4" aria-busy="true">
      <h1 className="text-xl font-semibold text-fg">{t("title")}</h1>
      <EventLogSkeleton />
    </div>
  );
}
