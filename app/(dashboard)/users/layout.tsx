import type { ReactNode } from "react";
import { ClientMessages } from "@/components/layout/client-messages";

/** Users and service accounts: the messages its client components read (lib/i18n/client-messages.ts). */
export default function UsersLayout({ children }: { children: ReactNode }) {
  return <ClientMessages scope="users">{children}</ClientMessages>;
}
