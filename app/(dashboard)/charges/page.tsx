import { HydrationBoundary, dehydrate } from "@tanstack/react-query";
import type { Metadata } from "next";
import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { ChargesAging } from "@/components/charges/charges-aging";
import { ChargesExplorer } from "@/components/charges/charges-explorer";
import { buttonVariants } from "@/components/ui/button";
import { requirePageUser } from "@/lib/auth/guard";
import { can } from "@/lib/auth/roles";
import { chargeAging } from "@/lib/charges/aging";
import { chargeListQuerySchema } from "@/lib/charges/query";
import { listCharges } from "@/lib/charges/store";
import { getDb } from "@/lib/db";
import { chargeQueries } from "@/lib/queries/charges";
import { getQueryClient } from "@/lib/queries/query-client";
import { loadChargesSearchParams, toChargeListParams } from "@/lib/search-params/charges";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("charges"))("title") };
}

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

/** /charges: the charges the company issued, filtered by the URL; the client's own query is answered here first. */
export default async function ChargesPage({ searchParams }: Props) {
  const raw = await searchParams;
  const user = await requirePageUser("viewPayments", "/charges");
  const params = toChargeListParams(loadChargesSearchParams(raw));
  const t = await getTranslations("charges");
  const queryClient = getQueryClient();
  const parsed = chargeListQuerySchema.safeParse(params);
  // A failure is not dehydrated: the browser asks again and shows the reason with Retry.
  if (parsed.success) await queryClient.prefetchQuery({ ...chargeQueries.list(params), queryFn: async () => listCharges(await getDb(), parsed.data) });
  await queryClient.prefetchQuery({ ...chargeQueries.aging(), queryFn: async () => ({ aging: await chargeAging(await getDb()) }) });
  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-xl font-semibold text-fg">{t("title")}</h1>
          <p className="text-sm text-fg-muted">{t("intro")}</p>
        </div>
        {can(user.role, "register") ? (
          <Link href="/charges/new" className={buttonVariants({ variant: "primary" })}>
            {t("new")}
          </Link>
        ) : null}
      </div>
      <HydrationBoundary state={dehydrate(queryClient)}>
        <ChargesAging />
        <ChargesExplorer userKey={user.id} />
      </HydrationBoundary>
    </div>
  );
}
