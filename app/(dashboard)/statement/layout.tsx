import type { ReactNode } from "react";
import { ClientMessages } from "@/components/layout/client-messages";

/** The statement: the messages its client components read (lib/i18n/client-messages.ts). */
export default function StatementLayout({ children }: { children: ReactNode }) {
  return <ClientMessages scope="statement">{children}</ClientMessages>;
}
