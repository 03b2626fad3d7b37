import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { getTranslations } from "next-intl/server";
import { LoginForm } from "@/components/auth/login-form";
import { AuthPage } from "@/components/auth/auth-page";
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
  const { sandboxMode, demoPassword } = getEnv();
  const t = await getTranslations();

  return (
    <AuthPage
      titleId="sign-in-title"
      title={t("auth.signIn.title")}
      after={
        sandboxMode ? (
          <aside aria-labelledby="demo-accounts" className="mt-4 rounded-md border border-border bg-surface-muted px-4 py-3 text-sm text-fg-muted">
            <p id="demo-accounts" className="font-medium text-fg">
              {t("auth.demo.title")}
            </p>
            <ul className="mt-1 list-inside list-disc">
              {DEMO_ACCOUNTS.map((a) => (
                <li key={a.email}>
                  <span className="font-mono text-fg">{a.email}</span> – {t(`glossary.roles.${a.role}`)}
                </li>
              ))}
            </ul>
            <p className="mt-1" data-testid="demo-password">
              {t("auth.demo.password")} <span className="font-mono text-fg">{demoPassword}</span>
            </p>
          </aside>
        ) : null
      }>
      <p className="mb-5 text-sm text-fg-muted">{t("auth.signIn.intro")}</p>
      <LoginForm next={next} />
    </AuthPage>
  );
}
