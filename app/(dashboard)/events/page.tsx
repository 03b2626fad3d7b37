import type { Metadata } from "next";
import { EventLog } from "@/components/events/event-log";
import { Notice } from "@/components/ui/notice";
import { requirePageUser } from "@/lib/auth/guard";
import { eventLogSearchParams, loadEventLogSearchParams } from "@/lib/events/search-params";
import { ignoredUrlValues } from "@/lib/search-params/ignored";

export const metadata: Metadata = { title: "Events" };

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

export default async function EventsPage({ searchParams }: Props) {
  const raw = await searchParams;
  const search = new URLSearchParams();
  for (const [k, v] of Object.entries(raw)) if (typeof v === "string") search.set(k, v);
  await requirePageUser("events", `/events${search.size ? `?${search}` : ""}`);
  const ignored = ignoredUrlValues(raw, eventLogSearchParams, loadEventLogSearchParams(raw));
  return (
    <div className="flex flex-col gap-4">
      <div>
        <h1 className="text-xl font-semibold text-fg">Webhook events</h1>
        <p className="text-sm text-fg-muted">
          Every notification the provider sent, as received: verified or rejected, and repeats of the same change. Times in Brazil time.
        </p>
      </div>
      {ignored.length ? (
        <Notice>Ignored from the address because they are not valid: {ignored.join(", ")}. Showing the log without them.</Notice>
      ) : null}
      <EventLog />
    </div>
  );
}
