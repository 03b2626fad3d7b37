import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { NotAllowedCard } from "@/components/auth/not-allowed-card";
import { BareNotFound } from "@/components/auth/not-found-content";
import { getSessionUser } from "@/lib/auth/guard";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("auth.notAllowed");
  return { title: t("title"), robots: { index: false } };
}

/**
 * A signed-in page whose role is refused (requirePageUser calls forbidden()): HTTP 403, the
 * address kept, the not-allowed card under the dashboard's header. The page's permission is not
 * known here (Next.js gives this file no props), so the card says it in general words.
 */
export default async function DashboardForbidden() {
  const user = await getSessionUser();
  if (!user) return <BareNotFound signedIn={false} />;
  return (
    <div className="py-6">
      <NotAllowedCard user={user} />
    </div>
  );
}
