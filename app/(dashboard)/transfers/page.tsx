import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { ClientMessages } from "@/components/layout/client-messages";
import { TransfersPage } from "@/components/transfers/transfers-page";
import { requirePageUser } from "@/lib/auth/guard";
import { can } from "@/lib/auth/roles";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("transfers"))("title") };
}

/** Transfer requests: the approvals inbox and every request's state (every role reads; actions by permission). */
export default async function TransfersListPage() {
  const user = await requirePageUser("viewTransfers", "/transfers");
  return (
    <ClientMessages scope="transfers">
      <TransfersPage canApprove={can(user.role, "approve")} canCreate={can(user.role, "register")} />
    </ClientMessages>
  );
}
