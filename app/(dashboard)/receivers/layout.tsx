import type { ReactNode } from "react";
import { ClientMessages } from "@/components/layout/client-messages";

/** Receivers: the messages its client components read (lib/i18n/client-messages.ts). */
export default function ReceiversLayout({ children }: { children: ReactNode }) {
  return <ClientMessages scope="receivers">{children}</ClientMessages>;
}
