import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { CashView } from "@/components/cash/cash-view";
import { requirePageUser } from "@/lib/auth/guard";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("cash"))("title") };
}

/** /cash (viewers and up): will the coming days' payables be covered? Today's balance, what goes out and comes in, day by day. */
export default async function CashPage() {
  await requirePageUser("viewPayments", "/cash");
  const t = await getTranslations("cash");
  return (
    <div className="flex flex-col gap-4">
      <div>
        <h1 className="text-xl font-semibold text-fg">{t("title")}</h1>
        <p className="text-sm text-fg-muted">{t("intro")}</p>
      </div>
      <CashView />
    </div>
  );
}
