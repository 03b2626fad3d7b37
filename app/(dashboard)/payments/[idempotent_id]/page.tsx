import { HydrationBoundary, dehydrate } from "@tanstack/react-query";
import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { PaymentDetailView } from "@/components/payment-detail/payment-detail-view";
import { messageOrKey } from "@/components/payment-detail/message-or-key";
import { PaymentNotFound } from "@/components/payment-detail/payment-not-found";
import { requirePageUser } from "@/lib/auth/guard";
import { can } from "@/lib/auth/roles";
import { idempotentIdParamSchema } from "@/lib/domain/ids";
import { decodeRouteParam, paymentHref } from "@/lib/lookup/route-param";
import { getPayment, isPaymentsApiError } from "@/lib/payments-api";
import { paymentQueries } from "@/lib/queries/payments";
import { getQueryClient } from "@/lib/queries/query-client";

type Props = {
  params: Promise<{ idempotent_id: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const t = await getTranslations("paymentDetail");
  return { title: t("title", { id: decodeRouteParam((await params).idempotent_id) }) };
}

export default async function PaymentDetailPage({ params, searchParams }: Props) {
  const id = decodeRouteParam((await params).idempotent_id);
  const user = await requirePageUser("viewPayments", paymentHref(id));
  const canLookup = can(user.role, "lookup");

  const valid = idempotentIdParamSchema.safeParse(id);
  if (!valid.success) {
    const t = await getTranslations();
    return <PaymentNotFound idempotentId={id} reason={messageOrKey(valid.error.issues[0]?.message, t)} canLookup={canLookup} />;
  }

  // Same key as the client's useQuery; on the server the provider is called directly.
  const queryClient = getQueryClient();
  try {
    await queryClient.fetchQuery({
      ...paymentQueries.detail(id),
      queryFn: async () => ({ payment: await getPayment(id) }),
      retry: false,
    });
  } catch (err) {
    if (isPaymentsApiError(err) && err.kind === "not_found") {
      return <PaymentNotFound idempotentId={id} canLookup={canLookup} />;
    }
    // Any other failure is not dehydrated: the client reads again and shows the reason with Retry.
  }

  return (
    <HydrationBoundary state={dehydrate(queryClient)}>
      <PaymentDetailView idempotentId={id} canLookup={canLookup} justRegistered={(await searchParams).registered === "1" && can(user.role, "register")} />
    </HydrationBoundary>
  );
}
