import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { ChargeForm } from "@/components/charges/charge-form";
import { ChargeImport } from "@/components/charges/charge-import";
import { requirePageUser } from "@/lib/auth/guard";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("charges"))("new") };
}

/** /charges/new: operators make one charge, or many from a spreadsheet. */
export default async function NewChargePage() {
  await requirePageUser("register", "/charges/new");
  return (
    <div className="flex flex-col gap-10">
      <ChargeForm />
      <ChargeImport />
    </div>
  );
}
