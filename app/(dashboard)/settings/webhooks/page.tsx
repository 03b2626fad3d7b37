import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { WebhooksAdmin } from "@/components/erp-webhooks/webhooks-admin";
import { requirePageUser } from "@/lib/auth/guard";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("erpWebhooks"))("title") };
}

/** Where the company's systems (the ERP) receive events as signed webhooks (admins). */
export default async function WebhooksSettingsPage() {
  await requirePageUser("webhooks", "/settings/webhooks");
  const t = await getTranslations("erpWebhooks");
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-4">
      <div>
        <h1 className="text-xl font-semibold text-fg">{t("title")}</h1>
        <p className="text-sm text-fg-muted">{t("intro")}</p>
      </div>
      <WebhooksAdmin />
    </div>
  );
}
