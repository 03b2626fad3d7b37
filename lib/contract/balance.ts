import "@/lib/zod-config";
import { z } from "zod";

const cents = z.number().int();

/**
 * GET /v1/account/balance: `{data:{account_balance:{...}, status}}`. `available` is what new
 * transfers may use; `blocked` what authorized transfers in flight hold; `total` both.
 * The documentation does not say what `status` holds, so any scalar is accepted.
 */
export const balanceAnswerSchema = z.object({
  data: z.object({
    account_balance: z.object({
      available_value_cents: cents,
      blocked_value_cents: cents,
      total_value_cents: cents,
    }),
    status: z.union([z.string(), z.number(), z.boolean()]).nullish(),
  }),
});
export type BalanceAnswer = z.infer<typeof balanceAnswerSchema>;
