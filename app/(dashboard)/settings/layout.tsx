import type { ReactNode } from "react";
import { ClientMessages } from "@/components/layout/client-messages";

/** The settings pages: the messages its client components read (lib/i18n/client-messages.ts). */
export default function SettingsLayout({ children }: { children: ReactNode }) {
  return <ClientMessages scope="settings">{children}</ClientMessages>;
}
