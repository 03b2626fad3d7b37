import "@/lib/zod-config";
import { z } from "zod";
import { centsSchema, daySchema, instantSchema } from "@/lib/domain/answer-fields";

/** One line of the statement: out (a completed Pix payment, negative) or in (a paid charge, positive). */
export const movementSchema = z
  .object({
    kind: z.enum(["out", "in"]),
    /** When it was paid, as the provider wrote it (with its offset). */
    date: z.string(),
    counterpart_name: z.string().nullable(),
    counterpart_document: z.string().nullable(),
    end_to_end: z.string().nullable(),
    reference_code: z.string(),
    /** Our id of a payment out (its idempotent_id); a charge's external reference, when it has one. */
    our_id: z.string().nullable(),
    /**
     * Money in that is one of our charges (found by its reference code): its id, for /charges/{id}.
     * The provider's list already holds a paid charge, so it is linked here, never counted twice.
     */
    charge_id: z.string().nullable(),
    amount_cents: centsSchema,
  })
  .meta({ id: "Movement" });

/** The period's sums of each list's `meta` (whole period, not one page), in cents. */
const statementTotalsSchema = z.object({ in_cents: centsSchema, out_cents: centsSchema });
export type StatementTotals = z.infer<typeof statementTotalsSchema>;

/** The account's balance now (GET /api/balance, and the statement's). */
export const balanceSchema = z
  .object({ available_cents: centsSchema, blocked_cents: centsSchema, total_cents: centsSchema, checked_at: instantSchema })
  .meta({ id: "Balance" });
export const balanceAnswer = z.object({ balance: balanceSchema }).meta({ id: "BalanceAnswer" });

/** The JSON of `GET /api/statement`. Client-safe: the page reads it with this schema. */
export const statementAnswerSchema = z.object({
  period: z.object({ start: daySchema, end: daySchema }),
  /** One page: page N of the payments out and of the charges in, newest first. */
  movements: z.array(movementSchema),
  totals: statementTotalsSchema,
  counts: z.object({ in: z.number().int().nonnegative(), out: z.number().int().nonnegative() }),
  /** The account's balance now (not at the period's end: the provider has no balance history). */
  balance: balanceSchema,
  /**
   * The account's total balance (available + blocked) at the start of the period's first day and
   * the end of its last, worked back from the balance now and the movements since: the provider
   * keeps no balance history. A period not over yet closes at the balance now.
   */
  balances: z.object({ opening_cents: z.number().int(), closing_cents: z.number().int() }),
  meta: z.object({ page: z.number().int().positive(), total_pages: z.number().int().nonnegative() }),
}).meta({ id: "Statement" });
export type StatementAnswer = z.infer<typeof statementAnswerSchema>;
