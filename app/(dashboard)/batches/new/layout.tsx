import type { ReactNode } from "react";
import { ClientMessages } from "@/components/layout/client-messages";

/** A new batch: the messages its client components read (lib/i18n/client-messages.ts). */
export default function NewBatchLayout({ children }: { children: ReactNode }) {
  return <ClientMessages scope="batchNew">{children}</ClientMessages>;
}
