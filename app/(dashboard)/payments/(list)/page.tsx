import { HydrationBoundary, dehydrate } from "@tanstack/react-query";
import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { ClientMessages } from "@/components/layout/client-messages";
import { PaymentsExplorer } from "@/components/payments-table/payments-explorer";
import { requirePageUser } from "@/lib/auth/guard";
import { can } from "@/lib/auth/roles";
import { listPayments } from "@/lib/payments-api";
import { paymentQueries } from "@/lib/queries/payments";
import { getQueryClient } from "@/lib/queries/query-client";
import { findIgnoredSearchParams, loadPaymentsSearchParams, toListParams } from "@/lib/search-params/payments";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("payments"))("title") };
}

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

export default async function PaymentsPage({ searchParams }: Props) {
  const raw = await searchParams;
  const user = await requirePageUser("viewPayments", `/payments${queryString(raw)}`);
  const params = toListParams(loadPaymentsSearchParams(raw));

  // The client's own query (same key from the same factory), answered here by the provider
  // client directly: the first paint has the rows. A failure is not dehydrated, so the
  // browser asks again and shows the reason with Retry.
  const queryClient = getQueryClient();
  await queryClient.prefetchQuery({ ...paymentQueries.list(params), queryFn: () => listPayments(params) });

  const t = await getTranslations("payments");
  return (
    <ClientMessages scope="payments">
      <div className="flex flex-col gap-4">
        <h1 className="text-xl font-semibold text-fg">{t("title")}</h1>
        <HydrationBoundary state={dehydrate(queryClient)}>
          <PaymentsExplorer ignored={findIgnoredSearchParams(raw)} userKey={user.id} canExport={can(user.role, "export")} />
        </HydrationBoundary>
      </div>
    </ClientMessages>
  );
}

/** The page's own address, so that signing in comes back to this very view. */
function queryString(raw: Record<string, string | string[] | undefined>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(raw)) {
    for (const item of Array.isArray(value) ? value : value === undefined ? [] : [value]) search.append(key, item);
  }
  const text = search.toString();
  return text ? `?${text}` : "";
}
