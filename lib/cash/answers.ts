import "@/lib/zod-config";
import { z } from "zod";

/** GET /api/cash-position: the answer (client-safe: the page parses what it gets). */
const item = z.object({
  date: z.string(),
  value_cents: z.number().int(),
  kind: z.enum(["transfer", "series", "batch", "charge"]),
  id: z.string(),
  href: z.string(),
  label: z.string(),
  pending: z.boolean().optional(),
});

export const cashDaySchema = z.object({
  date: z.string().describe("A Brazil day, yyyy-mm-dd"),
  non_business: z.string().nullable().describe("'weekend', a bank holiday's name, or null"),
  opening_cents: z.number().int(),
  out_cents: z.number().int().describe("What goes out that day (approved and scheduled)"),
  out_pending_cents: z.number().int().describe("What awaits approval for that day: not in the close, it may be rejected"),
  in_cents: z.number().int().describe("The expected share of the charges due that day"),
  in_at_risk_cents: z.number().int().describe("The rest of what is due that day"),
  closing_cents: z.number().int().describe("opening - out + in"),
  items_out: z.array(item),
  items_in: z.array(item),
});

export const cashPositionAnswer = z.object({
  balance: z.object({ available_cents: z.number().int(), blocked_cents: z.number().int(), checked_at: z.string() }),
  expected_in_percent: z.number().int().min(0).max(100),
  days: z.array(cashDaySchema),
  shortfalls: z.array(z.object({ date: z.string(), missing_cents: z.number().int().positive() })),
}).meta({ id: "CashPosition" });

export type CashPositionAnswer = z.infer<typeof cashPositionAnswer>;
export type CashDayView = z.infer<typeof cashDaySchema>;

/** ?days=1-90 (30 by default), ?format=csv|xlsx for the file. */
export const cashPositionQuery = z.strictObject({
  days: z.coerce.number().int().min(1).max(90).default(30),
  format: z.enum(["csv", "xlsx"]).optional(),
});
