import "@/lib/zod-config";
import { z } from "zod";
import { checkPageParam } from "@/lib/contract/list-rules";
import { MAX_STORE_PAGE } from "./pages";

/**
 * The contract's list schema coerces `page` (so "0x10", "1e2" or " 5" would pass as numbers).
 * Our URLs are canonical: page is plain digits, checked on the raw text first with the same
 * rule as the /payments URL parser (`checkPageParam`, up to MAX_LIST_PAGE).
 */
export const strictPageSchema = z.object({
  page: z
    .string()
    .refine((value) => checkPageParam(value) === null, "validation.page")
    .optional(),
});

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
