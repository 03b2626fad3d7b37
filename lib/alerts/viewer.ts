import "server-only";
import type { SessionUser } from "@/lib/auth/guard";
import { can } from "@/lib/auth/roles";
import type { Viewer } from "./store";

/** Who is looking, and whether they see every alert (admins, support) or those about their own transfers. */
export function viewerOf(user: SessionUser, ip: string | null = null): Viewer {
  return { id: user.id, email: user.email, all: can(user.role, "allAlerts"), ip };
}
