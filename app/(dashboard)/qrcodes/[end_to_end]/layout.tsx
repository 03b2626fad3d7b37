import type { ReactNode } from "react";
import { ClientMessages } from "@/components/layout/client-messages";

/** A QR code: the messages its client components read (lib/i18n/client-messages.ts). */
export default function QrCodeDetailLayout({ children }: { children: ReactNode }) {
  return <ClientMessages scope="qrcodeDetail">{children}</ClientMessages>;
}
