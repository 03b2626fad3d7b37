import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { PhoneDecision } from "@/components/transfers/phone/phone-decision";
import { requirePageUser } from "@/lib/auth/guard";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("approvals"))("phone.waiting") };
}

type Props = { params: Promise<{ id: string }> };

/** One request decided on one screen (the inbox opens it on a phone). Approvers and admins. */
export default async function DecidePage({ params }: Props) {
  const { id } = await params;
  const user = await requirePageUser("approve", `/transfers/${encodeURIComponent(id)}/decide`);
  return <PhoneDecision id={id} viewerId={user.id} />;
}
