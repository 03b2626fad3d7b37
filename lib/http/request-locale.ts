import "server-only";
import { DEFAULT_LOCALE, type Locale } from "@/lib/i18n/config";
import { getRequestContext } from "./request-context";

/** The language of the request being handled (pt-BR outside a request). */
export function currentLocale(): Locale {
  return getRequestContext()?.locale ?? DEFAULT_LOCALE;
}
