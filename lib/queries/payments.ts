import { queryOptions } from "@tanstack/react-query";
// Types only: this module runs in the browser, where answers are read by their members (see
// lib/domain/answer.ts); the schemas themselves (and zod) stay on the server.
import type { ListPaymentsParams } from "@/lib/contract/list";
import type { z } from "zod";
import { answerWith } from "@/lib/domain/answer";
import type { listPaymentsAnswerSchema } from "@/lib/contract/list";
import type { paymentDetailAnswerSchema } from "@/lib/contract/payment";
import type { qrcodeAnswerSchema } from "@/lib/contract/qrcode";
import { apiGet } from "@/lib/domain/api-client";

const readList = answerWith<z.output<typeof listPaymentsAnswerSchema>>({ payments: "array", meta: "object" });
const readDetail = answerWith<z.output<typeof paymentDetailAnswerSchema>>({ payment: "object" });
const readQrcode = answerWith<z.output<typeof qrcodeAnswerSchema>>({ qrcode: "object" });

/** Drops empty values so that equal filters always give equal keys and URLs. */
export function cleanListParams(params: ListPaymentsParams): ListPaymentsParams {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined || value === null || value === "") continue;
    if (key === "page" && value === 1) continue;
    out[key] = value;
  }
  return out as ListPaymentsParams;
}

export function listQueryString(params: ListPaymentsParams): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(cleanListParams(params))) search.set(key, String(value));
  const text = search.toString();
  return text ? `?${text}` : "";
}

/**
 * The one factory of query keys and options for payments and QR codes. Server components
 * prefetch with these same keys (overriding queryFn to call the provider client directly),
 * client hooks use them as they are: keys cannot drift apart.
 */
export const paymentQueries = {
  all: () => ["payments"] as const,
  lists: () => [...paymentQueries.all(), "list"] as const,
  list: (params: ListPaymentsParams) =>
    queryOptions({
      queryKey: [...paymentQueries.lists(), cleanListParams(params)] as const,
      queryFn: ({ signal }) => apiGet(`/api/payments${listQueryString(params)}`, readList, { signal }),
    }),
  details: () => [...paymentQueries.all(), "detail"] as const,
  detail: (idempotentId: string) =>
    queryOptions({
      queryKey: [...paymentQueries.details(), idempotentId] as const,
      queryFn: ({ signal }) =>
        apiGet(`/api/payments/${encodeURIComponent(idempotentId)}`, readDetail, { signal }),
    }),
};

export const qrcodeQueries = {
  all: () => ["qrcodes"] as const,
  detail: (endToEnd: string) =>
    queryOptions({
      queryKey: [...qrcodeQueries.all(), endToEnd] as const,
      queryFn: ({ signal }) =>
        apiGet(`/api/qrcodes/${encodeURIComponent(endToEnd)}`, readQrcode, { signal }),
    }),
};
