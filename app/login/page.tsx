import type { Metadata } from "next";
import { Landmark } from "lucide-react";
import { redirect } from "next/navigation";
import { getTranslations } from "next-intl/server";
import { LoginForm } from "@/components/auth/login-form";
import { LanguageSwitch } from "@/components/layout/language-switch";
import { DEMO_ACCOUNTS } from "@/lib/auth/demo-accounts";
import { getSessionUser } from "@/lib/auth/guard";
import { safeNextPath } from "@/lib/auth/safe-next";
import { getEnv } from "@/lib/env";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("auth.signIn");
  return { title: t("metaTitle"), robots: { index: false } };
}

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

export default async function LoginPage({ searchParams }: Props) {
  const next = safeNextPath((await searchParams).next);
  // Already signed in: straight on to where they were going.
  if (await getSessionUser()) redirect(next);
  const { sandboxMode } = getEnv();
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
        <section aria-labelledby="sign-in-title" className="rounded-lg border border-border bg-surface p-6 shadow-sm">
          <h1 id="sign-in-title" className="mb-1 text-xl font-semibold text-fg">
            {t("auth.signIn.title")}
          </h1>
          <p className="mb-5 text-sm text-fg-muted">{t("auth.signIn.intro")}</p>
          <LoginForm next={next} />
        </section>
        {sandboxMode ? (
          <aside aria-labelledby="demo-accounts" className="mt-4 rounded-md border border-border bg-surface-muted px-4 py-3 text-sm text-fg-muted">
            <p id="demo-accounts" className="font-medium text-fg">
              {t("auth.demo.title")}
            </p>
            <ul className="mt-1 list-inside list-disc">
              {DEMO_ACCOUNTS.map((a) => (
                <li key={a.email}>
                  <span className="font-mono text-fg">{a.email}</span> ({t(`glossary.roles.${a.role}`)})
                </li>
              ))}
            </ul>
            <p className="mt-1">{t("auth.demo.password", { password: "demo-password" })}</p>
          </aside>
        ) : null}
      </div>
    </main>
  );
}
