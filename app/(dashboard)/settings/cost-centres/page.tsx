import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { CostCentresAdmin } from "@/components/cost-centres/cost-centres-admin";
import { requirePageUser } from "@/lib/auth/guard";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("costCentres"))("title") };
}

/** The cost centres transfers may name (admins). */
export default async function CostCentresSettingsPage() {
  await requirePageUser("costCentres", "/settings/cost-centres");
  const t = await getTranslations("costCentres");
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-4">
      <div>
        <h1 className="text-xl font-semibold text-fg">{t("title")}</h1>
        <p className="text-sm text-fg-muted">{t("intro")}</p>
      </div>
      <CostCentresAdmin />
    </div>
  );
}
