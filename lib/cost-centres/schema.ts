import "@/lib/zod-config";
import { z } from "zod";
import { countDays, isCalendarDay } from "@/lib/insights/buckets";
import { isPlainText } from "@/lib/pix/text";

/**
 * Cost centres ("centros de custo") that admins keep: a short code as finance writes it
 * ("ADM-01") and a name. Transfers name one; a centre no longer in use is deactivated, never
 * deleted (transfers keep naming it). Client-safe: the settings page checks with the same schema.
 */
export const COST_CENTRE_CODE_MAX = 20;
export const COST_CENTRE_NAME_MAX = 80;

const code = z
  .string({ error: "validation.costCentre.codeRequired" })
  .trim()
  .min(1, "validation.costCentre.codeRequired")
  .max(COST_CENTRE_CODE_MAX, "validation.costCentre.codeTooLong")
  .regex(/^[A-Za-z0-9][A-Za-z0-9._\-/]*$/, "validation.costCentre.codeCharacters")
  .transform((v) => v.toUpperCase());

const name = z
  .string({ error: "validation.costCentre.nameRequired" })
  .trim()
  .min(1, "validation.costCentre.nameRequired")
  .max(COST_CENTRE_NAME_MAX, "validation.costCentre.nameTooLong")
  .refine(isPlainText, "validation.text.notPlain");

/** Body of POST /api/cost-centres. */
export const costCentreInputSchema = z.object({ code, name }).strict();
export type CostCentreInput = z.output<typeof costCentreInputSchema>;

/** Body of PATCH /api/cost-centres/{id}: a new name, or in use again or not. */
export const costCentrePatchSchema = z
  .object({ name: name.optional(), active: z.boolean({ error: "validation.costCentre.active" }).optional() })
  .strict()
  .refine((b) => b.name !== undefined || b.active !== undefined, { message: "validation.costCentre.nothingToChange", path: ["name"] });
export type CostCentrePatch = z.output<typeof costCentrePatchSchema>;

/** `?all=true` of GET /api/cost-centres: the inactive ones too (admins). */
export const costCentreListQuerySchema = z.object({
  all: z
    .enum(["true", "false"], { error: "validation.transfers.attention" })
    .transform((v) => v === "true")
    .optional(),
});

export const costCentreParamsSchema = z.object({ id: z.string().uuid("validation.costCentre.unknown") });

/** The longest period the totals per cost centre cover at once: a year (and a day for leap years). */
export const COST_CENTRE_PERIOD_MAX_DAYS = 366;

const day = z.string({ error: "validation.transfers.day" }).trim().refine(isCalendarDay, "validation.transfers.day");

/** `?start=&end=` of GET /api/transfers/by-cost-centre: Brazil days, both included. */
export const costCentrePeriodSchema = z.object({ start: day, end: day }).superRefine((p, ctx) => {
  if (!isCalendarDay(p.start) || !isCalendarDay(p.end)) return; // said on the day itself
  if (p.start > p.end) ctx.addIssue({ code: "custom", path: ["end"], message: "validation.transfers.dayRange" });
  else if (countDays(p.start, p.end) > COST_CENTRE_PERIOD_MAX_DAYS) {
    ctx.addIssue({ code: "custom", path: ["end"], message: "validation.costCentre.periodTooLong" });
  }
});
