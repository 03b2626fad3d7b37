import { HydrationBoundary, dehydrate } from "@tanstack/react-query";
import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { getTranslations } from "next-intl/server";
import { ChargeDetail } from "@/components/charges/charge-detail";
import { requirePageUser } from "@/lib/auth/guard";
import { can } from "@/lib/auth/roles";
import { chargeParamsSchema } from "@/lib/charges/query";
import { getCharge } from "@/lib/charges/store";
import { getDb } from "@/lib/db";
import { chargeQueries } from "@/lib/queries/charges";
import { getQueryClient } from "@/lib/queries/query-client";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("charges"))("title") };
}

/** /charges/{id}: one charge, its QR code and code to copy, its payment and timeline. */
export default async function ChargePage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const user = await requirePageUser("viewPayments", `/charges/${encodeURIComponent(id)}`);
  if (!chargeParamsSchema.safeParse({ id }).success) notFound();
  const charge = await getCharge(await getDb(), id);
  if (!charge) notFound();
  const queryClient = getQueryClient();
  queryClient.setQueryData(chargeQueries.detail(id).queryKey, { charge });
  return (
    <HydrationBoundary state={dehydrate(queryClient)}>
      <ChargeDetail id={id} canWithdraw={can(user.role, "register")} />
    </HydrationBoundary>
  );
}
