import type { ReactNode } from "react";
import { ClientMessages } from "@/components/layout/client-messages";

/** The register form: the messages its client components read (lib/i18n/client-messages.ts). */
export default function RegisterLayout({ children }: { children: ReactNode }) {
  return <ClientMessages scope="register">{children}</ClientMessages>;
}
