import type { Locale } from "@/lib/i18n/config";
import type { Messages } from "@/lib/i18n/messages";

// Typed message keys and locales for next-intl: a key that does not exist is a type error.
declare module "next-intl" {
  interface AppConfig {
    Locale: Locale;
    Messages: Messages;
  }
}
