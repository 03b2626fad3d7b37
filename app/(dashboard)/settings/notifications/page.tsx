import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { MailChoices } from "@/components/alerts/mail-choices";
import { Card } from "@/components/ui/card";
import { requirePageUser } from "@/lib/auth/guard";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("alerts.notifications"))("title") };
}

/** The signed-in person's e-mail choices (their profile's notifications). */
export default async function NotificationsPage() {
  await requirePageUser("account", "/settings/notifications");
  const t = await getTranslations("alerts.notifications");
  return (
    <div className="flex max-w-3xl flex-col gap-4">
      <div>
        <h1 className="text-xl font-semibold text-fg">{t("title")}</h1>
        <p className="text-sm text-fg-muted">{t("intro")}</p>
      </div>
      <Card className="p-5">
        <MailChoices />
      </Card>
    </div>
  );
}
