import { cookies } from "next/headers";
import { getRequestConfig } from "next-intl/server";
import { LOCALE_COOKIE, resolveLocale, TIME_ZONE } from "./config";
import { messagesFor } from "./messages";

/**
 * next-intl's per-request configuration (server components, route handlers): the language of
 * the NEXT_LOCALE cookie, pt-BR without one. No locale in the URL: staff share links, and a
 * link must open in the reader's own language.
 */
export default getRequestConfig(async () => {
  const locale = resolveLocale((await cookies()).get(LOCALE_COOKIE)?.value);
  return { locale, messages: messagesFor(locale), timeZone: TIME_ZONE };
});
