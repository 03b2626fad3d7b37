import type { ReactNode } from "react";
import { ClientMessages } from "@/components/layout/client-messages";

/** Charges: the messages its client components read (lib/i18n/client-messages.ts). */
export default function ChargesLayout({ children }: { children: ReactNode }) {
  return <ClientMessages scope="charges">{children}</ClientMessages>;
}
