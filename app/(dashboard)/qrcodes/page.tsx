import { HydrationBoundary, dehydrate } from "@tanstack/react-query";
import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { listParamLabel } from "@/components/data-table/param-label";
import { ClientMessages } from "@/components/layout/client-messages";
import { QrcodesExplorer } from "@/components/qrcodes-table/qrcodes-explorer";
import { requirePageUser } from "@/lib/auth/guard";
import { listQrcodes } from "@/lib/payments-api";
import { qrcodeListQueries } from "@/lib/queries/qrcodes-list";
import { getQueryClient } from "@/lib/queries/query-client";
import { findIgnoredQrcodeParams, loadQrcodesSearchParams, toQrcodeListParams } from "@/lib/search-params/qrcodes";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("qrcodes"))("title") };
}

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

/** /qrcodes: the charges received (the provider's QR code list), filtered by the URL. */
export default async function QrcodesPage({ searchParams }: Props) {
  const raw = await searchParams;
  const search = new URLSearchParams();
  for (const [k, v] of Object.entries(raw)) if (typeof v === "string") search.set(k, v);
  const user = await requirePageUser("viewPayments", `/qrcodes${search.size ? `?${search}` : ""}`);
  const params = toQrcodeListParams(loadQrcodesSearchParams(raw));
  const t = await getTranslations();

  // The client's own query (same key), answered here by the provider client directly. A failure
  // is not dehydrated: the browser asks again and shows the reason with Retry.
  const queryClient = getQueryClient();
  await queryClient.prefetchQuery({ ...qrcodeListQueries.list(params), queryFn: () => listQrcodes(params) });

  const ignored = findIgnoredQrcodeParams(raw).map(({ key, value }) => `${listParamLabel(key, t, "qrcodes")} (“${value}”)`);
  return (
    <ClientMessages scope="qrcodes">
      <div className="flex flex-col gap-4">
        <div>
          <h1 className="text-xl font-semibold text-fg">{t("qrcodes.title")}</h1>
          <p className="text-sm text-fg-muted">{t("qrcodes.intro")}</p>
        </div>
        <HydrationBoundary state={dehydrate(queryClient)}>
          <QrcodesExplorer userKey={user.id} ignored={ignored} />
        </HydrationBoundary>
      </div>
    </ClientMessages>
  );
}
