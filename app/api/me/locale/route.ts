import "@/lib/zod-config";
import { eq } from "drizzle-orm";
import { z } from "zod";
import { getDb } from "@/lib/db";
import { authUser } from "@/lib/db/schema/auth";
import { getEnv } from "@/lib/env";
import { jsonOk, route } from "@/lib/http";
import { LOCALE_COOKIE, LOCALE_COOKIE_MAX_AGE_S, LOCALES } from "@/lib/i18n/config";

export const dynamic = "force-dynamic";

const bodySchema = z.object({ locale: z.enum(LOCALES, { error: "common.language.invalid" }) });

// POST /api/me/locale: the signed-in user's language, kept on the user and in the NEXT_LOCALE cookie
// (every role has viewPayments: the permission stands for "any signed-in user").
export const POST = route(
  { name: "POST /api/me/locale", permission: "account", body: bodySchema },
  async ({ user, body }) => {
    const db = await getDb();
    await db.update(authUser).set({ locale: body.locale, updatedAt: new Date() }).where(eq(authUser.id, user.id));
    // Not HttpOnly: the login page's switch writes the same cookie from the browser.
    const secure = getEnv().appUrl.startsWith("https:") ? "; Secure" : "";
    const cookie = `${LOCALE_COOKIE}=${body.locale}; Path=/; Max-Age=${LOCALE_COOKIE_MAX_AGE_S}; SameSite=Lax${secure}`;
    return jsonOk({ locale: body.locale }, 200, { "set-cookie": cookie });
  },
);
