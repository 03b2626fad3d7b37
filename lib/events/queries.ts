import { keepPreviousData, queryOptions } from "@tanstack/react-query";
import type { z } from "zod";
import { answerWith } from "@/lib/domain/answer";
import type { eventLogAnswerSchema } from "./schema";
import { apiGet } from "@/lib/domain/api-client";
// Types only: the browser reads the answer by its members (lib/domain/answer.ts).
import type { EventLogQuery } from "./schema";

const readLog = answerWith<z.output<typeof eventLogAnswerSchema>>({ events: "array", meta: "object" });

/** Drops empty values and page 1 so equal filters give equal keys and URLs. */
function cleanEventLogQuery(q: EventLogQuery): EventLogQuery {
  const out: EventLogQuery = {};
  if (q.payment?.trim()) out.payment = q.payment.trim();
  if (q.result) out.result = q.result;
  if (q.kind) out.kind = q.kind;
  if (q.page !== undefined && Number(q.page) > 1) out.page = Number(q.page);
  return out;
}

function eventLogQueryString(q: EventLogQuery): string {
  const search = new URLSearchParams();
  for (const [k, v] of Object.entries(cleanEventLogQuery(q))) search.set(k, String(v));
  const text = search.toString();
  return text ? `?${text}` : "";
}

/** Query keys and options of the webhook event log (/events). Live events invalidate `all()`. */
export const webhookEventQueries = {
  all: () => ["webhook-events"] as const,
  list: (q: EventLogQuery) =>
    queryOptions({
      queryKey: [...webhookEventQueries.all(), "list", cleanEventLogQuery(q)] as const,
      queryFn: ({ signal }) => apiGet(`/api/events/log${eventLogQueryString(q)}`, readLog, { signal }),
      placeholderData: keepPreviousData,
      staleTime: 5_000,
    }),
};
