import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { ChargeForm } from "@/components/charges/charge-form";
import { requirePageUser } from "@/lib/auth/guard";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("charges"))("new") };
}

/** /charges/new: operators make one charge. */
export default async function NewChargePage() {
  await requirePageUser("register", "/charges/new");
  return <ChargeForm />;
}
