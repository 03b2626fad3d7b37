"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";
import { ErrorState } from "@/components/ui/error-state";
import { Skeleton } from "@/components/ui/skeleton";
import { answerParsedBy } from "@/lib/domain/answer-schema";
import { apiPost } from "@/lib/domain/api-client";
import { deliveryAnswer, type WebhookDelivery } from "@/lib/erp/webhooks/schema";
import { formatBrazilDateTime } from "@/lib/pix/time";
import { erpWebhookQueries } from "@/lib/queries/erp-webhooks";
import { lookAgain } from "@/lib/queries/look-again";

const readRetried = answerParsedBy(deliveryAnswer);

/** An endpoint's latest deliveries, each with its attempts, and a button to send one again. */
export function DeliveriesList({ endpointId }: { endpointId: string }) {
  const t = useTranslations("erpWebhooks");
  const list = useQuery(erpWebhookQueries.deliveries(endpointId));
  if (list.isPending) return <Skeleton className="h-24 w-full" />;
  if (list.isError) return <ErrorState title={t("deliveriesError")} error={list.error} onRetry={() => void list.refetch()} retrying={list.isFetching} />;
  if (!list.data.deliveries.length) {
    return (
      <p className="text-sm text-fg-muted" role="status">
        {t("noDeliveries")}
      </p>
    );
  }
  return (
    <ul className="flex flex-col divide-y divide-border" aria-label={t("deliveries")}>
      {list.data.deliveries.map((d) => (
        <DeliveryRow key={d.id} endpointId={endpointId} delivery={d} />
      ))}
    </ul>
  );
}

function DeliveryRow({ endpointId, delivery }: { endpointId: string; delivery: WebhookDelivery }) {
  const t = useTranslations("erpWebhooks");
  const queryClient = useQueryClient();
  const retry = useMutation({
    mutationFn: () => apiPost(`/api/webhook-endpoints/${encodeURIComponent(endpointId)}/deliveries/${encodeURIComponent(delivery.id)}/retry`, {}, readRetried),
    onSuccess: () => void lookAgain(queryClient, erpWebhookQueries.deliveries(endpointId).queryKey),
  });
  const last = delivery.history.at(-1);
  return (
    <li className="flex flex-wrap items-start justify-between gap-3 py-2 text-sm" data-delivery={delivery.id} data-webhook-id={delivery.webhook_id}>
      <div className="flex min-w-0 flex-col gap-0.5">
        <span className="font-mono text-xs text-fg">{delivery.event_type}</span>
        <span className="text-xs text-fg-muted">
          {t(`state.${delivery.state}`)} · {t("attempts", { count: delivery.attempts })}
          {delivery.next_attempt_at && delivery.state === "pending" ? ` · ${t("nextAt", { date: formatBrazilDateTime(delivery.next_attempt_at) })}` : ""}
        </span>
        {last ? (
          <span className="truncate text-xs text-fg-muted">
            {formatBrazilDateTime(last.at)} · {last.status !== null ? t("answered", { status: last.status }) : t("noAnswer")}
            {last.excerpt ? ` · ${last.excerpt}` : last.error ? ` · ${last.error}` : ""}
          </span>
        ) : null}
      </div>
      {delivery.state !== "pending" ? (
        <Button size="sm" onClick={() => retry.mutate()} disabled={retry.isPending} aria-busy={retry.isPending}>
          {t("retry")}
        </Button>
      ) : null}
      {retry.isError ? (
        <p role="alert" className="w-full text-xs text-red-700 dark:text-red-400">
          {retry.error.message}
        </p>
      ) : null}
    </li>
  );
}
