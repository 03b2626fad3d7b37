import type { ReactNode } from "react";
import { ClientMessages } from "@/components/layout/client-messages";

/** A batch: the messages its client components read (lib/i18n/client-messages.ts). */
export default function BatchDetailLayout({ children }: { children: ReactNode }) {
  return <ClientMessages scope="batchDetail">{children}</ClientMessages>;
}
