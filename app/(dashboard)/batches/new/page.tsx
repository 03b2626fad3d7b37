import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { NewBatch } from "@/components/batches/new-batch";
import { requirePageUser } from "@/lib/auth/guard";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("batches.new"))("title") };
}

/** Upload a payout file (operators and admins). */
export default async function NewBatchPage() {
  await requirePageUser("register", "/batches/new");
  return <NewBatch />;
}
