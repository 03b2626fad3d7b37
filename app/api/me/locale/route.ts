import "@/lib/zod-config";
import { eq } from "drizzle-orm";
import { z } from "zod";
import { getDb } from "@/lib/db";
import { authUser } from "@/lib/db/schema/auth";
import { getEnv } from "@/lib/env";
import { jsonOk, route } from "@/lib/http";
import { LOCALES, localeCookieString } from "@/lib/i18n/config";
import { localeAnswer } from "@/lib/auth/answers";

export const dynamic = "force-dynamic";

const bodySchema = z.object({ locale: z.enum(LOCALES, { error: "common.language.invalid" }) });

export const POST = route(
  {
    name: "POST /api/me/locale",
    summary: "The signed-in user's language, kept on the user and in the NEXT_LOCALE cookie",
    answers: { 200: localeAnswer },
    permission: "account", body: bodySchema,
  },
  async ({ user, body }) => {
    const db = await getDb();
    await db.update(authUser).set({ locale: body.locale, updatedAt: new Date() }).where(eq(authUser.id, user.id));
    const cookie = localeCookieString(body.locale, getEnv().appUrl.startsWith("https:"));
    return jsonOk({ locale: body.locale }, 200, { "set-cookie": cookie });
  },
);
