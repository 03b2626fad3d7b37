import { HydrationBoundary, dehydrate } from "@tanstack/react-query";
import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { ClientMessages } from "@/components/layout/client-messages";
import { messageOrKey } from "@/components/payment-detail/message-or-key";
import { QrcodeDetailView } from "@/components/qrcode-detail/qrcode-detail-view";
import { QrcodeNotFound } from "@/components/qrcode-detail/qrcode-not-found";
import { requirePageUser } from "@/lib/auth/guard";
import { can } from "@/lib/auth/roles";
import { endToEndParamSchema } from "@/lib/domain/ids";
import { decodeRouteParam, qrcodeHref } from "@/lib/lookup/route-param";
import { getQrcode, isPaymentsApiError } from "@/lib/payments-api";
import { qrcodeQueries } from "@/lib/queries/payments";
import { getQueryClient } from "@/lib/queries/query-client";

type Props = { params: Promise<{ end_to_end: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const t = await getTranslations("qrcodeDetail");
  return { title: t("title", { id: decodeRouteParam((await params).end_to_end) }) };
}

/**
 * The page declares its message scope itself: with a layout in this folder, a fresh load of the
 * page was seen fetching a second copy of the back-to-payments chunk after hydration (+1.5 kB).
 */
export default function QrcodeDetailPage(props: Props) {
  return (
    <ClientMessages scope="qrcodeDetail">
      <QrcodeDetail {...props} />
    </ClientMessages>
  );
}

async function QrcodeDetail({ params }: Props) {
  const endToEnd = decodeRouteParam((await params).end_to_end);
  const user = await requirePageUser("viewPayments", qrcodeHref(endToEnd));
  const canLookup = can(user.role, "lookup");

  const valid = endToEndParamSchema.safeParse(endToEnd);
  if (!valid.success) {
    const t = await getTranslations();
    return <QrcodeNotFound endToEnd={endToEnd} reason={messageOrKey(valid.error.issues[0]?.message, t)} canLookup={canLookup} />;
  }

  // Same key as the client's useQuery; on the server the provider is called directly.
  const queryClient = getQueryClient();
  try {
    await queryClient.fetchQuery({
      ...qrcodeQueries.detail(endToEnd),
      queryFn: async () => ({ qrcode: await getQrcode(endToEnd) }),
      retry: false,
    });
  } catch (err) {
    if (isPaymentsApiError(err) && err.kind === "not_found") {
      return (
        <HydrationBoundary state={dehydrate(queryClient)}>
          <QrcodeNotFound endToEnd={endToEnd} canLookup={canLookup} />
        </HydrationBoundary>
      );
    }
    // Any other failure is not dehydrated: the client reads again and shows the reason with Retry.
  }

  return (
    <HydrationBoundary state={dehydrate(queryClient)}>
      <QrcodeDetailView endToEnd={endToEnd} canLookup={canLookup} />
    </HydrationBoundary>
  );
}
