import type { Metadata } from "next";
import { Landmark } from "lucide-react";
import { getTranslations } from "next-intl/server";
import { SetPasswordForm } from "@/components/auth/set-password-form";
import { LanguageSwitch } from "@/components/layout/language-switch";
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from "@/lib/db/users";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("auth.setPassword");
  // The token is in the address: no search engine, no referrer to other sites.
  return { title: t("metaTitle"), robots: { index: false }, referrer: "no-referrer" };
}

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

/** Where an admin's one-time set-password link leads (/login/set-password?token=...). */
export default async function SetPasswordPage({ searchParams }: Props) {
  const raw = (await searchParams).token;
  const token = typeof raw === "string" && /^[A-Za-z0-9_-]{16,128}$/.test(raw) ? raw : null;
  const t = await getTranslations();

  return (
    <main className="flex min-h-screen items-center justify-center bg-bg px-4 py-10">
      <div className="w-full max-w-sm">
        <div className="mb-6 flex items-center justify-between gap-2">
          <div className="flex items-center gap-2 text-lg font-semibold text-fg">
            <Landmark aria-hidden className="h-6 w-6 text-brand-600 dark:text-brand-500" />
            {t("common.appName")}
          </div>
          <LanguageSwitch signedIn={false} />
        </div>
        <section aria-labelledby="set-password-title" className="rounded-lg border border-border bg-surface p-6 shadow-sm">
          <h1 id="set-password-title" className="mb-1 text-xl font-semibold text-fg">
            {t("auth.setPassword.title")}
          </h1>
          {token ? (
            <>
              <p className="mb-5 text-sm text-fg-muted">{t("auth.setPassword.intro")}</p>
              <SetPasswordForm token={token} limits={{ min: MIN_PASSWORD_LENGTH, max: MAX_PASSWORD_LENGTH }} />
            </>
          ) : (
            <p role="alert" className="mt-3 text-sm text-fg">
              {t("auth.setPassword.noToken")}
            </p>
          )}
        </section>
      </div>
    </main>
  );
}
