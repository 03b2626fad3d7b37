import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { EventLog } from "@/components/events/event-log";
import { Notice } from "@/components/ui/notice";
import { requirePageUser } from "@/lib/auth/guard";
import { eventLogSearchParams, loadEventLogSearchParams } from "@/lib/events/search-params";
import { ignoredUrlValues } from "@/lib/search-params/ignored";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("events"))("title") };
}

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

export default async function EventsPage({ searchParams }: Props) {
  const raw = await searchParams;
  const search = new URLSearchParams();
  for (const [k, v] of Object.entries(raw)) if (typeof v === "string") search.set(k, v);
  await requirePageUser("events", `/events${search.size ? `?${search}` : ""}`);
  const ignored = ignoredUrlValues(raw, eventLogSearchParams, loadEventLogSearchParams(raw));
  const t = await getTranslations("events");
  return (
    <div className="flex flex-col gap-4">
      <div>
        <h1 className="text-xl font-semibold text-fg">{t("title")}</h1>
        <p className="text-sm text-fg-muted">{t("intro")}</p>
      </div>
      {ignored.length ? (
        <Notice>{t("ignoredFromUrl", { values: ignored.join(", ") })}</Notice>
      ) : null}
      <EventLog />
    </div>
  );
}
