import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { RegisterTransfer } from "@/components/transfer-form/register-transfer";
import { Card } from "@/components/ui/card";
import { requirePageUser } from "@/lib/auth/guard";
import { getEnv } from "@/lib/env";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("register"))("title") };
}

/** A new transfer, by Pix key or bank account, now or on a day (operators and admins; others get the not-allowed page). */
export default async function NewPaymentPage() {
  await requirePageUser("register", "/payments/new");
  const t = await getTranslations("register");
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-4">
      <div>
        <h1 className="text-xl font-semibold text-fg">{t("title")}</h1>
        <p className="text-sm text-fg-muted">{t("intro")}</p>
      </div>
      <Card>
        <div className="p-5">
          <RegisterTransfer sendTime={getEnv().transfers.scheduleSendTime} />
        </div>
      </Card>
    </div>
  );
}
