import type { ReactNode } from "react";
import { ClientMessages } from "@/components/layout/client-messages";

/** The cash position: the messages its client components read (lib/i18n/client-messages.ts). */
export default function CashLayout({ children }: { children: ReactNode }) {
  return <ClientMessages scope="cash">{children}</ClientMessages>;
}
