import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { BatchDetailView } from "@/components/batches/batch-detail";
import { requirePageUser } from "@/lib/auth/guard";
import { can } from "@/lib/auth/roles";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("batches.list"))("title") };
}

type Props = { params: Promise<{ id: string }> };

/** One batch: preview and submit, approval, live progress and results. */
export default async function BatchPage({ params }: Props) {
  const { id } = await params;
  const user = await requirePageUser("viewTransfers", `/batches/${encodeURIComponent(id)}`);
  return <BatchDetailView id={id} viewer={{ id: user.id, canCreate: can(user.role, "register"), canApprove: can(user.role, "approve") }} />;
}
