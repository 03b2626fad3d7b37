import type { ReactNode } from "react";
import { ClientMessages } from "@/components/layout/client-messages";

/** A payment: the messages its client components read (lib/i18n/client-messages.ts). */
export default function PaymentDetailLayout({ children }: { children: ReactNode }) {
  return <ClientMessages scope="paymentDetail">{children}</ClientMessages>;
}
