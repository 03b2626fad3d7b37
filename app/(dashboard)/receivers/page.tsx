import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { ReceiversPage } from "@/components/receivers/receivers-page";
import { requirePageUser } from "@/lib/auth/guard";
import { can } from "@/lib/auth/roles";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("receivers"))("title") };
}

/** Saved receivers ("favorecidos"): read by whoever sees transfers, kept by those who make them. */
export default async function SavedReceiversPage() {
  const user = await requirePageUser("viewTransfers", "/receivers");
  return <ReceiversPage canEdit={can(user.role, "register")} />;
}
