import { BRAZIL_TZ } from "@/lib/pix/time-zone";
/**
 * Languages of the back office (client-safe: no I/O). Brazilian Portuguese first; English by
 * choice. The choice lives in the NEXT_LOCALE cookie and, for a signed-in user, on the user.
 * Formats do not follow the language: money, dates and documents are always Brazilian
 * (lib/pix), whatever the language or the browser's locale.
 */
export const LOCALES = ["pt-BR", "en"] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = "pt-BR";
export const LOCALE_COOKIE = "NEXT_LOCALE";
/** A year: the choice outlives the session. */
const LOCALE_COOKIE_MAX_AGE_S = 365 * 24 * 3600;

/**
 * The language cookie's one set of attributes, for the server (Set-Cookie: the language route,
 * the sign-in hook) and the browser (the login page's switch). Not HttpOnly: the browser writes it too.
 */
export function localeCookieOptions(secure: boolean) {
  return { path: "/", maxAge: LOCALE_COOKIE_MAX_AGE_S, sameSite: "lax" as const, httpOnly: false, secure };
}

/** The same cookie as a header value (Set-Cookie) or a `document.cookie` assignment. */
export function localeCookieString(locale: Locale, secure: boolean): string {
  const o = localeCookieOptions(secure);
  return `${LOCALE_COOKIE}=${locale}; Path=${o.path}; Max-Age=${o.maxAge}; SameSite=Lax${o.secure ? "; Secure" : ""}`;
}
/** Dates are shown in Brazil's time (DESIGN: America/Sao_Paulo). */
export const TIME_ZONE = BRAZIL_TZ;

export function isLocale(value: unknown): value is Locale {
  return typeof value === "string" && (LOCALES as readonly string[]).includes(value);
}

/** The language of a cookie value (or anything else); pt-BR when none or unknown. */
export function resolveLocale(value: unknown): Locale {
  return isLocale(value) ? value : DEFAULT_LOCALE;
}

/** The NEXT_LOCALE value in a Cookie header, resolved. */
export function localeFromCookieHeader(header: string | null | undefined): Locale {
  for (const part of (header ?? "").split(";")) {
    const [name, ...rest] = part.trim().split("=");
    if (name === LOCALE_COOKIE) return resolveLocale(decodeURIComponent(rest.join("=")));
  }
  return DEFAULT_LOCALE;
}
