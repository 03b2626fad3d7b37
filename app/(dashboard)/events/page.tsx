import type { Metadata } from "next";
import { EventLog } from "@/components/events/event-log";
import { requirePageUser } from "@/lib/auth/guard";

export const metadata: Metadata = { title: "Events" };

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

export default async function EventsPage({ searchParams }: Props) {
  const raw = await searchParams;
  const search = new URLSearchParams();
  for (const [k, v] of Object.entries(raw)) if (typeof v === "string") search.set(k, v);
  await requirePageUser("events", `/events${search.size ? `?${search}` : ""}`);
  return (
    <div className="flex flex-col gap-4">
      <div>
        <h1 className="text-xl font-semibold text-fg">Webhook events</h1>
        <p className="text-sm text-fg-muted">
          Every notification the provider sent, as received: verified or rejected, and repeats of the same change. Times in Brazil time.
        </p>
      </div>
      <EventLog />
    </div>
  );
}
