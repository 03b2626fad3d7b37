import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { NotFoundContent } from "@/components/auth/not-found-content";
import { getSessionUser } from "@/lib/auth/guard";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("auth.notFound");
  return { title: t("metaTitle"), robots: { index: false } };
}

/** notFound() inside the signed-in pages: the app's own page, under the dashboard's header. */
export default async function DashboardNotFound() {
  const user = await getSessionUser();
  return (
    <div className="py-6">
      <NotFoundContent signedIn={Boolean(user)} />
    </div>
  );
}
