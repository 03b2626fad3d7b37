import type { ReactNode } from "react";
import { ClientMessages } from "@/components/layout/client-messages";

/** The event log: the messages its client components read (lib/i18n/client-messages.ts). */
export default function EventsLayout({ children }: { children: ReactNode }) {
  return <ClientMessages scope="events">{children}</ClientMessages>;
}
