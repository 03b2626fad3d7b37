import "server-only";
import { APIError } from "better-auth/api";
import type { BetterAuthOptions } from "better-auth";
import { eq } from "drizzle-orm";
import { recordAudit } from "@/lib/db/audit";
import type { Db } from "@/lib/db";
import { authUser } from "@/lib/db/schema/auth";
import { DEFAULT_LOCALE } from "@/lib/i18n/config";
import { requestLocale, translator } from "@/lib/i18n/server";
import { stampedClientAddress } from "./auth-request";
import { logLine } from "@/lib/http/logger";

/**
 * Database hooks:
 * - no session is ever created for a deactivated user (password sign-in, the code step, a
 *   session rotation): 403 ACCOUNT_DEACTIVATED, whatever endpoint tried;
 * - a session deleted by /sign-out is a sign-out, audited. Best effort on purpose: ending a
 *   session takes access away, so it is never refused for want of its audit row.
 */
export function createAuthDatabaseHooks(db: Db): NonNullable<BetterAuthOptions["databaseHooks"]> {
  return {
    session: {
      create: {
        before: async (session, context) => {
          const rows = await db.select({ deactivatedAt: authUser.deactivatedAt }).from(authUser).where(eq(authUser.id, session.userId));
          if (rows[0]?.deactivatedAt) {
            const t = translator(context?.request ? requestLocale(context.request) : DEFAULT_LOCALE);
            throw new APIError("FORBIDDEN", { code: "ACCOUNT_DEACTIVATED", message: t("auth.signIn.deactivated") });
          }
        },
      },
      delete: {
        after: async (session, context) => {
          if (context?.path !== "/sign-out") return;
          const rows = await db
            .select({ id: authUser.id, email: authUser.email })
            .from(authUser)
            .where(eq(authUser.id, session.userId))
            .catch(() => []);
          const user = rows[0];
          await recordAudit(
            {
              actor: user ?? null,
              action: "auth.sign_out",
              target: user?.email ?? null,
              outcome: "success",
              ip: stampedClientAddress(context.request ?? context.headers),
            },
            db,
          ).catch((error: unknown) => logLine("error", "audit: sign-out not recorded (the session ended anyway)", { error }));
        },
      },
    },
  };
}
