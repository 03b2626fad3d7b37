import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { ServiceAccountsSection } from "@/components/service-accounts/service-accounts-section";
import { UsersAdmin } from "@/components/users/users-admin";
import { getDb } from "@/lib/db";
import { listServiceAccounts } from "@/lib/service-accounts/service";
import { requirePageUser } from "@/lib/auth/guard";
import { toUserViews } from "@/lib/auth/users-api";
import { listUsers } from "@/lib/db/users";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("users");
  return { title: t("metaTitle") };
}

/** The admins' user management (GET/POST /api/users, PATCH /api/users/{id} do the work) and the service accounts (/api/service-accounts). */
export default async function UsersPage() {
  const user = await requirePageUser("users", "/users");
  const [t, users, serviceAccounts] = await Promise.all([getTranslations("users"), listUsers().then((list) => toUserViews(list)), getDb().then(listServiceAccounts)]);
  return (
    <div className="flex flex-col gap-4">
      <div>
        <h1 className="text-xl font-semibold text-fg">{t("title")}</h1>
        <p className="max-w-3xl text-sm text-fg-muted">{t("intro")}</p>
      </div>
      <UsersAdmin initialUsers={users} currentUserId={user.id} />
      <ServiceAccountsSection initial={serviceAccounts} />
    </div>
  );
}
