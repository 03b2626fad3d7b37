import type { ReactNode } from "react";
import { ClientMessages } from "@/components/layout/client-messages";
import { requirePageUser } from "@/lib/auth/guard";

/** The event log: the messages its client components read (lib/i18n/client-messages.ts). */
export default async function EventsLayout({ children }: { children: ReactNode }) {
  // The role is checked here, outside the segment's loading.tsx: a refusal before anything streams is a 403.
  await requirePageUser("events", "/events");
  return <ClientMessages scope="events">{children}</ClientMessages>;
}
