import type { ReactNode } from "react";
import { ClientMessages } from "@/components/layout/client-messages";

/** Signing in, setting a password, not allowed in: the messages its client components read (lib/i18n/client-messages.ts). */
export default function LoginLayout({ children }: { children: ReactNode }) {
  return <ClientMessages scope="login">{children}</ClientMessages>;
}
