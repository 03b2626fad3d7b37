import type { ReactNode } from "react";
import { ClientMessages } from "@/components/layout/client-messages";

/** A transfer: the messages its client components read (lib/i18n/client-messages.ts). */
export default function TransferDetailLayout({ children }: { children: ReactNode }) {
  return <ClientMessages scope="transferDetail">{children}</ClientMessages>;
}
