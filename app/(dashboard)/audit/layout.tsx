import type { ReactNode } from "react";
import { ClientMessages } from "@/components/layout/client-messages";

/** The audit log: the messages its client components read (lib/i18n/client-messages.ts). */
export default function AuditLayout({ children }: { children: ReactNode }) {
  return <ClientMessages scope="audit">{children}</ClientMessages>;
}
