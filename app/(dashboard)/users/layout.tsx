import type { ReactNode } from "react";
import { ClientMessages } from "@/components/layout/client-messages";
import { requirePageUser } from "@/lib/auth/guard";

/** Users and service accounts: the messages its client components read (lib/i18n/client-messages.ts). */
export default async function UsersLayout({ children }: { children: ReactNode }) {
  // The role is checked here, outside the segment's loading.tsx: a refusal before anything streams is a 403.
  await requirePageUser("users", "/users");
  return <ClientMessages scope="users">{children}</ClientMessages>;
}
