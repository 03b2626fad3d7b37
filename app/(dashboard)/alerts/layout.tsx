import type { ReactNode } from "react";
import { ClientMessages } from "@/components/layout/client-messages";

/** Alerts: the messages its client components read (lib/i18n/client-messages.ts). */
export default function AlertsLayout({ children }: { children: ReactNode }) {
  return <ClientMessages scope="alerts">{children}</ClientMessages>;
}
