import type { ReactNode } from "react";
import { ClientMessages } from "@/components/layout/client-messages";

/** Reconciliation: the messages its client components read (lib/i18n/client-messages.ts). */
export default function ReconciliationLayout({ children }: { children: ReactNode }) {
  return <ClientMessages scope="reconciliation">{children}</ClientMessages>;
}
