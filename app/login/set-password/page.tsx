import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { AuthPage } from "@/components/auth/auth-page";
import { SetPasswordForm } from "@/components/auth/set-password-form";
import { setPasswordOwner } from "@/lib/auth/set-password-owner";
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from "@/lib/db/users";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("auth.setPassword");
  // The token is in the address: no search engine, no referrer to other sites.
  return { title: t("metaTitle"), robots: { index: false }, referrer: "no-referrer" };
}

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

/** Where an admin's one-time set-password link leads (/login/set-password?token=...). */
export const dynamic = "force-dynamic";

export default async function SetPasswordPage({ searchParams }: Props) {
  const raw = (await searchParams).token;
  const token = typeof raw === "string" && /^[A-Za-z0-9_-]{16,128}$/.test(raw) ? raw : null;
  const t = await getTranslations();
  // A used or expired link says so before anyone types a password.
  const email = token ? await setPasswordOwner(token) : null;

  return (
    <AuthPage titleId="set-password-title" title={t("auth.setPassword.title")}>
      {token && email ? (
        <>
          <p className="mb-5 text-sm text-fg-muted">{t("auth.setPassword.intro", { email })}</p>
          <SetPasswordForm token={token} email={email} limits={{ min: MIN_PASSWORD_LENGTH, max: MAX_PASSWORD_LENGTH }} />
        </>
      ) : (
        <p role="alert" className="mt-3 text-sm text-fg">
          {t(token ? "auth.setPassword.invalidLink" : "auth.setPassword.noToken")}
        </p>
      )}
    </AuthPage>
  );
}
