import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { TransferDetailView } from "@/components/transfers/transfer-detail";
import { requirePageUser } from "@/lib/auth/guard";
import { can } from "@/lib/auth/roles";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("transfers"))("title") };
}

type Props = { params: Promise<{ id: string }> };

/** One transfer request: summary, approvals, timeline, outcome. */
export default async function TransferPage({ params }: Props) {
  const { id } = await params;
  const user = await requirePageUser("viewTransfers", `/transfers/${encodeURIComponent(id)}`);
  return (
    <TransferDetailView
      id={id}
      viewer={{
        id: user.id,
        canApprove: can(user.role, "approve"),
        canCancel: can(user.role, "register"),
        canHandle: can(user.role, "handleAttention"),
        isAdmin: user.role === "admin",
      }}
    />
  );
}
