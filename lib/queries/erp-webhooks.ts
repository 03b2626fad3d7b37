import { queryOptions } from "@tanstack/react-query";
import type { z } from "zod";
import { answerWith } from "@/lib/domain/answer";
import { apiGet } from "@/lib/domain/api-client";
import type { deliveryListAnswer, endpointListAnswer } from "@/lib/erp/webhooks/schema";

const readEndpoints = answerWith<z.output<typeof endpointListAnswer>>({ endpoints: "array" });
const readDeliveries = answerWith<z.output<typeof deliveryListAnswer>>({ deliveries: "array" });

/** The company's webhook endpoints and each one's deliveries (/settings/webhooks). */
export const erpWebhookQueries = {
  all: () => ["erp-webhooks"] as const,
  endpoints: () =>
    queryOptions({
      queryKey: [...erpWebhookQueries.all(), "endpoints"] as const,
      queryFn: ({ signal }) => apiGet("/api/webhook-endpoints", readEndpoints, { signal }),
      staleTime: 10_000,
    }),
  deliveries: (endpointId: string) =>
    queryOptions({
      queryKey: [...erpWebhookQueries.all(), "deliveries", endpointId] as const,
      queryFn: ({ signal }) => apiGet(`/api/webhook-endpoints/${encodeURIComponent(endpointId)}/deliveries`, readDeliveries, { signal }),
      staleTime: 5_000,
      // While one waits to be sent, look again: its attempt lands within seconds.
      refetchInterval: (query) => (query.state.data?.deliveries.some((d) => d.state === "pending") ? 3_000 : false),
    }),
};
