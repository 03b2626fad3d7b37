import "server-only";
import { createTranslator } from "next-intl";
import { localeFromCookieHeader, TIME_ZONE, type Locale } from "./config";
import { messagesFor } from "./messages";

function createFor(locale: Locale) {
  return createTranslator({ locale, messages: messagesFor(locale), timeZone: TIME_ZONE });
}

const translators = new Map<Locale, ReturnType<typeof createFor>>();

/**
 * Translators for server code outside React (route handlers' error answers, exports, the
 * audit log's descriptions, workers): explicit about the language. One per language for the
 * life of the process (messages and time zone never change at run time), not one per request.
 */
export function translator(locale: Locale) {
  let t = translators.get(locale);
  if (!t) translators.set(locale, (t = createFor(locale)));
  return t;
}

/** The caller's language: the NEXT_LOCALE cookie of the request, pt-BR without one. */
export function requestLocale(request: Request): Locale {
  return localeFromCookieHeader(request.headers.get("cookie"));
}

export type Translator = ReturnType<typeof createFor>;
