import "@/lib/zod-config";
import { z } from "zod";
import { cursorSchema } from "@/lib/db/keyset";
import { storeLimitSchema, storePageSchema, updatedSinceSchema } from "@/lib/domain/list-params";
import { LOCALES } from "@/lib/i18n/config";
import { isCalendarDay, isCentsFilter, isTextFilter } from "@/lib/transfers/filters";
import { CHARGE_STATES } from "./states";

/**
 * Query of GET /api/charges (and the /charges page's URL). The filter rules on text are the
 * transfer list's (lib/transfers/filters.ts): one reading of a day, an amount, a search.
 */
const textFilter = z.string().trim().refine(isTextFilter, "validation.transfers.text").optional();
const centsFilter = z.string().trim().refine(isCentsFilter, "validation.transfers.cents").transform(Number).optional();
const dayFilter = z.string().trim().refine(isCalendarDay, "validation.transfers.day").optional();

export const chargeListQuerySchema = z
  .object({
    /** One state, or several separated by commas. */
    state: z
      .string()
      .max(200)
      .transform((v) => v.split(",").map((s) => s.trim()).filter(Boolean))
      .pipe(z.array(z.enum(CHARGE_STATES, { error: "validation.charge.state" })).max(CHARGE_STATES.length))
      .optional(),
    /** true: only what needs a person (a payment after withdrawal). */
    attention: z
      .enum(["true", "false"], { error: "validation.transfers.attention" })
      .transform((v) => v === "true")
      .optional(),
    /** Part of the payer's name (accents and case aside), of their CPF/CNPJ, or of our reference. */
    payer: textFilter,
    min_cents: centsFilter,
    max_cents: centsFilter,
    /** Due between these Brazil days, both included. */
    due_from: dayFilter,
    due_to: dayFilter,
    /** Paid between these Brazil days, both included. */
    paid_from: dayFilter,
    paid_to: dayFilter,
    page: storePageSchema(),
    /** meta.next_cursor of the previous page: the next page, unmoved by charges created since (`page` is then ignored). */
    cursor: cursorSchema("validation.transfers.cursor"),
    /** Only charges changed at or after this instant (for programs that keep a copy; the change feed is exact). */
    updated_since: updatedSinceSchema,
    /** Charges per page (1-200; default the list's). */
    limit: storeLimitSchema,
  })
  .superRefine((q, ctx) => {
    if (typeof q.min_cents === "number" && typeof q.max_cents === "number" && q.min_cents > q.max_cents) {
      ctx.addIssue({ code: "custom", path: ["max_cents"], message: "validation.transfers.amountRange" });
    }
    for (const [from, to] of [["due_from", "due_to"], ["paid_from", "paid_to"]] as const) {
      const a = q[from];
      const b = q[to];
      if (a && b && isCalendarDay(a) && isCalendarDay(b) && a > b) ctx.addIssue({ code: "custom", path: [to], message: "validation.transfers.dayRange" });
    }
  });
export type ChargeListQuery = z.output<typeof chargeListQuerySchema>;

/** Route params of /api/charges/{id}/... */
export const chargeParamsSchema = z.object({ id: z.string().uuid("validation.charge.id") });

/** Body of POST /api/charges/{id}/withdraw: why (required, audited, shown on the charge). */
export const withdrawBodySchema = z.object({
  reason: z.string().trim().min(1, "validation.charge.withdrawReasonRequired").max(500, "validation.transfers.reasonTooLong"),
});

/** POST /api/charges/{id}/send: the language of the e-mail (the payer's), Portuguese when not said. */
export const sendBodySchema = z.strictObject({ locale: z.enum(LOCALES).optional() });
