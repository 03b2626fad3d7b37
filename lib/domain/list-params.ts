import "@/lib/zod-config";
import { z } from "zod";
import { listPaymentsParamsObject, listPaymentsParamsSchema } from "@/lib/contract";
import { checkPageParam } from "@/lib/contract/list-rules";
import { MAX_STORE_PAGE, MAX_STORE_PAGE_SIZE } from "./pages";

/**
 * Query of GET /api/payments: the contract's list parameters (lib/contract/list.ts), with `page`
 * checked on its raw text first: the contract's schema coerces it (so "0x10", "1e2" or " 5" would
 * pass as numbers), and our URLs are canonical: plain digits, the same rule as the /payments URL
 * parser (`checkPageParam`, up to MAX_LIST_PAGE). Every parameter is named here, so the OpenAPI
 * document lists each filter and route() refuses any other.
 */
const rawListQuerySchema = listPaymentsParamsObject.extend({
  page: z
    .string()
    .refine((value) => checkPageParam(value) === null, "validation.page")
    .optional(),
});

export const paymentsListQuerySchema = rawListQuerySchema.transform((query): Record<string, unknown> => query).pipe(listPaymentsParamsSchema);

/** `updated_since` of the lists for machines (transfers, charges): an ISO 8601 instant with its offset. */
export const updatedSinceSchema = z.iso.datetime({ offset: true, error: "validation.transfers.instant" }).optional();

/** `limit` of the lists for machines: rows per page, 1 to MAX_STORE_PAGE_SIZE (absent: the list's own size). */
export const storeLimitSchema = z.coerce
  .number({ error: "validation.transfers.limit" })
  .int("validation.transfers.limit")
  .min(1, "validation.transfers.limit")
  .max(MAX_STORE_PAGE_SIZE, "validation.transfers.limit")
  .optional();

/**
 * `page` of our own lists' queries (transfers, batches, findings, webhook events, audit log):
 * a whole number from 1 to MAX_STORE_PAGE, 1 when absent. `message` and `maxMessage` are message keys.
 */
export function storePageSchema(message = "validation.page", maxMessage = message) {
  return z.coerce
    .number({ error: message })
    .int({ error: message })
    .min(1, { error: message })
    .max(MAX_STORE_PAGE, { error: maxMessage })
    .default(1);
}
