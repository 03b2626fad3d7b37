import { Landmark } from "lucide-react";
import { getTranslations } from "next-intl/server";
import type { ReactNode } from "react";
import { LanguageSwitch } from "@/components/layout/language-switch";

/**
 * The frame of the pages one sees before signing in (sign-in, set password): the app's name and
 * the language switch above one card with its heading; `after` goes below the card.
 */
export async function AuthPage({ titleId, title, children, after }: { titleId: string; title: string; children: ReactNode; after?: ReactNode }) {
  const t = await getTranslations("common");
  return (
    <main className="flex min-h-screen items-center justify-center bg-bg px-4 py-10">
      <div className="w-full max-w-sm">
        <div className="mb-6 flex items-center justify-between gap-2">
          <div className="flex items-center gap-2 text-lg font-semibold text-fg">
            <Landmark aria-hidden className="h-6 w-6 text-brand-600 dark:text-brand-500" />
            {t("appName")}
          </div>
          <LanguageSwitch signedIn={false} />
        </div>
        <section aria-labelledby={titleId} className="rounded-lg border border-border bg-surface p-6 shadow-sm">
          <h1 id={titleId} className="mb-1 text-xl font-semibold text-fg">
            {title}
          </h1>
          {children}
        </section>
        {after}
      </div>
    </main>
  );
}
