import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { ClientMessages } from "@/components/layout/client-messages";
import { BatchesList } from "@/components/batches/batches-list";
import { requirePageUser } from "@/lib/auth/guard";
import { can } from "@/lib/auth/roles";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("batches.list"))("title") };
}

/** Batch payouts (every role reads; actions by permission). */
export default async function BatchesPage() {
  const user = await requirePageUser("viewTransfers", "/batches");
  return (
    <ClientMessages scope="batches">
      <BatchesList canCreate={can(user.role, "register")} />
    </ClientMessages>
  );
}
