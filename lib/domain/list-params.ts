import "@/lib/zod-config";
import { z } from "zod";

/**
 * The contract's list schema coerces `page` (so "0x10", "1e2" or " 5" would pass as numbers).
 * Our URLs are canonical: page is plain digits from 1, checked on the raw text first.
 */
export const strictPageSchema = z.object({
  page: z
    .string()
    .regex(/^[1-9]\d{0,5}$/, "page must be a whole number from 1")
    .optional(),
});
