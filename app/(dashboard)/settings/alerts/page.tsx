import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { AlertRulesEditor } from "@/components/alerts/alert-rules-editor";
import { requirePageUser } from "@/lib/auth/guard";
import { getEnv } from "@/lib/env";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("alerts.settings"))("title") };
}

/** The alert rules and where alerts go (admins). */
export default async function AlertSettingsPage() {
  await requirePageUser("policy", "/settings/alerts");
  const t = await getTranslations("alerts.settings");
  const env = getEnv();
  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-4">
      <div>
        <h1 className="text-xl font-semibold text-fg">{t("title")}</h1>
        <p className="text-sm text-fg-muted">{t("intro")}</p>
      </div>
      <AlertRulesEditor devMail={env.sandboxMode && env.notify.mailCatcher} />
    </div>
  );
}
