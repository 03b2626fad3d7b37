import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { getTranslations } from "next-intl/server";
import { TwoFactorSettings } from "@/components/auth/two-factor-settings";
import { PasskeysSettings } from "@/components/security/passkeys-settings";
import { PushSettings } from "@/components/security/push-settings";
import { Card, CardBody, CardHeader, CardTitle } from "@/components/ui/card";
import { Notice } from "@/components/ui/notice";
import { getSessionUser } from "@/lib/auth/guard";
import { loginUrlFor, safeNextPath } from "@/lib/auth/safe-next";
import { can } from "@/lib/auth/roles";
import { secondFactorRequired, SECURITY_PAGE } from "@/lib/auth/second-factor";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("security");
  return { title: t("metaTitle") };
}

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

/**
 * The signed-in user's own security settings: the second factor, passkeys, and the devices that
 * get a push when something waits for their approval. Open to every signed-in user,
 * including one who must enrol before anything else (the guard sends them here with `next`).
 */
export default async function SecurityPage({ searchParams }: Props) {
  const next = safeNextPath((await searchParams).next, "") || null;
  const user = await getSessionUser();
  if (!user) redirect(loginUrlFor(next ? `${SECURITY_PAGE}?next=${encodeURIComponent(next)}` : SECURITY_PAGE));
  const t = await getTranslations();
  const required = secondFactorRequired(user.role);

  return (
    <div className="flex max-w-3xl flex-col gap-4">
      <div>
        <h1 className="text-xl font-semibold text-fg">{t("security.title")}</h1>
        <p className="text-sm text-fg-muted">{t("security.intro")}</p>
      </div>
      {user.needsSecondFactor ? <Notice>{t("security.twoFactor.required", { role: t(`glossary.roles.${user.role}`) })}</Notice> : null}
      <Card>
        <CardHeader>
          <CardTitle>{t("security.twoFactor.heading")}</CardTitle>
          <span className={user.twoFactorEnabled ? "text-xs font-medium text-green-700 dark:text-green-400" : "text-xs font-medium text-fg-muted"}>
            {user.twoFactorEnabled ? t("security.twoFactor.on") : t("security.twoFactor.off")}
          </span>
        </CardHeader>
        <CardBody className="flex flex-col gap-4">
          <p className="text-sm text-fg-muted">{t("security.twoFactor.explain")}</p>
          <TwoFactorSettings enabled={user.twoFactorEnabled} required={required} next={next} />
        </CardBody>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>{t("security.passkeys.heading")}</CardTitle>
        </CardHeader>
        <CardBody className="flex flex-col gap-4">
          <p className="text-sm text-fg-muted">{t("security.passkeys.explain")}</p>
          <PasskeysSettings />
        </CardBody>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>{t("security.push.heading")}</CardTitle>
        </CardHeader>
        <CardBody className="flex flex-col gap-4">
          <p className="text-sm text-fg-muted">{t("security.push.explain")}</p>
          <PushSettings approves={can(user.role, "approve")} />
        </CardBody>
      </Card>
    </div>
  );
}
