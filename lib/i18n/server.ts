import "server-only";
import { createTranslator } from "next-intl";
import { localeFromCookieHeader, TIME_ZONE, type Locale } from "./config";
import { messagesFor } from "./messages";

/**
 * Translators for server code outside React (route handlers' error answers, exports, the
 * audit log's descriptions, workers): explicit about the language, no request cache needed.
 */
export function translator(locale: Locale) {
  return createTranslator({ locale, messages: messagesFor(locale), timeZone: TIME_ZONE });
}

/** The caller's language: the NEXT_LOCALE cookie of the request, pt-BR without one. */
export function requestLocale(request: Request): Locale {
  return localeFromCookieHeader(request.headers.get("cookie"));
}

export type Translator = ReturnType<typeof translator>;
