import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { BareNotFound, NotFoundContent } from "@/components/auth/not-found-content";
import { getSessionUser } from "@/lib/auth/guard";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("auth.notFound");
  return { title: t("metaTitle"), robots: { index: false } };
}

/**
 * notFound() inside the signed-in pages, and any address no page answers ([...missing]): the
 * app's own page, under the dashboard's header; alone for a visitor who is not signed in.
 */
export default async function DashboardNotFound() {
  const user = await getSessionUser();
  if (!user) return <BareNotFound signedIn={false} />;
  return (
    <div className="py-6">
      <NotFoundContent signedIn />
    </div>
  );
}
