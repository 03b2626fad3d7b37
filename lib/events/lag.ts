import type { WebhookDelivery } from "@/lib/contract";

/**
 * When the provider says the change a delivery reports happened: the latest of the record's
 * own dates (registration, payment, cancellation). The documentation gives no time of the
 * delivery itself, so "received minus this" is the lag the metrics show: the provider's delay
 * plus ours. Null when the record carries no readable date.
 */
export function providerChangeTime(delivery: WebhookDelivery): Date | null {
  const m = delivery.message as { registration_date?: string | null; payment_date?: string | null; cancellation_date?: string | null };
  const times = [m.registration_date, m.payment_date, m.cancellation_date]
    .map((text) => (text ? Date.parse(text) : Number.NaN))
    .filter((ms) => !Number.isNaN(ms));
  return times.length ? new Date(Math.max(...times)) : null;
}
