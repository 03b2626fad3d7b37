"use client";

import { useLocale, useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import { useState, useTransition } from "react";
import { LOCALES, localeCookieString, type Locale } from "@/lib/i18n/config";
import { cn } from "@/lib/utils";

/**
 * Portuguese or English, two buttons that say which one is on. Signed in, the choice goes to
 * POST /api/me/locale, which sets the NEXT_LOCALE cookie and stores it on the user (a new
 * session starts in it); before sign-in (`signedIn={false}`, the login page) only the cookie is
 * written. Then the page is rendered again by the server in the new language.
 */
export function LanguageSwitch({ signedIn = true, className }: { signedIn?: boolean; className?: string }) {
  const t = useTranslations("common.language");
  const current = useLocale();
  const router = useRouter();
  const [pending, startTransition] = useTransition();
  const [state, setState] = useState<"idle" | "saved" | "failed">("idle");

  async function choose(locale: Locale) {
    if (locale === current || pending) return;
    setState("idle");
    const saved = signedIn ? await saveOnUser(locale) : writeCookie(locale);
    if (!saved) {
      setState("failed");
      return;
    }
    setState("saved");
    startTransition(() => router.refresh());
  }

  return (
    <div className={cn("relative", className)}>
      <div role="group" aria-label={t("label")} aria-busy={pending} className="inline-flex h-8 items-center rounded-md border border-border p-0.5">
        {LOCALES.map((locale) => {
          const on = locale === current;
          return (
            <button
              key={locale}
              type="button"
              lang={locale}
              aria-pressed={on}
              title={t(locale)}
              disabled={pending}
              onClick={() => void choose(locale)}
              className={cn(
                "h-full rounded px-1.5 text-xs font-semibold disabled:cursor-wait",
                on ? "bg-surface-muted text-fg" : "cursor-pointer text-fg-muted hover:text-fg",
              )}
            >
              {/* The name holds the shown letters (voice control) and the language's own name. */}
              {t(`short.${locale}`)}
              <span className="sr-only"> · {t(locale)}</span>
            </button>
          );
        })}
      </div>
      {/* Said once the page is in the new language (its words come from the new messages). */}
      <span role="status" className="sr-only">
        {state === "saved" && !pending ? t("saved") : ""}
      </span>
      {state === "failed" ? (
        <p role="alert" className="absolute right-0 top-full z-40 mt-1 w-56 rounded-md border border-red-300 bg-red-50 px-2 py-1 text-xs text-red-900 shadow dark:border-red-800 dark:bg-red-950 dark:text-red-100">
          {t("failed")}
        </p>
      ) : null}
    </div>
  );
}

async function saveOnUser(locale: Locale): Promise<boolean> {
  try {
    const response = await fetch("/api/me/locale", {
      method: "POST",
      headers: { "content-type": "application/json", accept: "application/json" },
      body: JSON.stringify({ locale }),
      credentials: "same-origin",
      cache: "no-store",
    });
    return response.ok;
  } catch {
    return false;
  }
}

/** Before sign-in there is no user to store it on: the cookie alone (same attributes as the server's). */
function writeCookie(locale: Locale): boolean {
  document.cookie = localeCookieString(locale, window.location.protocol === "https:");
  return true;
}
