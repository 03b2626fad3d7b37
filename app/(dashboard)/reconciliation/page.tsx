import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { FindingsPage } from "@/components/reconciliation/findings-page";
import { requirePageUser } from "@/lib/auth/guard";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("reconciliation"))("title") };
}

/** What the reconciler found (support and admins resolve it). */
export default async function ReconciliationPage() {
  await requirePageUser("reconciliation", "/reconciliation");
  return <FindingsPage />;
}
