import "@/lib/zod-config";
import { z } from "zod";
// Deep import: the contract index also pulls the registration schema and its Pix rules into the bundle.
import { listPaymentsParamsObject } from "@/lib/contract/list";
import { isCalendarDay } from "./buckets";
import { DATE_FIELDS, GROUP_BY } from "./options";

/**
 * GET /api/insights: query and answer. Client-safe (the page, the query factory and the route
 * handler share these schemas).
 *
 * Query (all optional): `from`/`to` Brazil days YYYY-MM-DD, both or neither (default: the last 30
 * days including today); `group_by` status | day | week (default day); `date_field` registration |
 * payment (default registration); and the list filters receiver_name, receiver_document,
 * reference_code, end_to_end, status.
 *
 * Answer: every figure is the `meta` (total_items_amount, total_value_cents) of ONE page-1 list
 * query, and each point carries that query's exact date bounds, so a drill-down to
 * `/payments?status=<status>&<field>_start_date=<start>&<field>_end_date=<end>` shows a table whose
 * totals equal the point.
 * - `series`: group_by day|week: one point per (time bucket x status), oldest first, statuses in
 *   PAYMENT_STATUSES order (the stacked chart); group_by status: one point per status over the
 *   whole range (the by-status chart). `bucket` is the bucket's first day (YYYY-MM-DD).
 * - `totals`: over the whole range, from whole-range queries (not from summing the series):
 *   count/value_cents (all statuses, or the status filter), and the value split into completed,
 *   in flight (every other status but canceled) and canceled, with the canceled count.
 *   A total whose query failed is `null`, never a guess.
 * - `partial`: some provider calls failed; `failed` counts them; their points carry `error`
 *   instead of figures. `errors` lists the distinct reasons (at most 3).
 * So the overview page needs two calls: group_by=status (headline + status chart) and
 * group_by=day|week (the stacked chart); both share the cached whole-range queries.
 */

export { DATE_FIELDS, GROUP_BY, INSIGHTS_FILTER_KEYS } from "./options";
export type { DateField, GroupBy, InsightsFilters } from "./options";

// Messages are keys of the overview's messages: the route answers them in the caller's language.
const calendarDay = z.string().refine(isCalendarDay, "overview.query.day");
const listFields = listPaymentsParamsObject.shape;

export const insightsQuerySchema = z
  .object({
    from: calendarDay.optional(),
    to: calendarDay.optional(),
    group_by: z.enum(GROUP_BY, { error: "overview.query.groupBy" }).optional(),
    date_field: z.enum(DATE_FIELDS, { error: "overview.query.dateField" }).optional(),
    receiver_name: listFields.receiver_name,
    receiver_document: listFields.receiver_document,
    reference_code: listFields.reference_code,
    end_to_end: listFields.end_to_end,
    status: listFields.status,
  })
  .superRefine((q, ctx) => {
    if (q.from && !q.to) ctx.addIssue({ code: "custom", path: ["to"], message: "overview.query.toRequired" });
    if (q.to && !q.from) ctx.addIssue({ code: "custom", path: ["from"], message: "overview.query.fromRequired" });
  });
export type InsightsQuery = z.infer<typeof insightsQuerySchema>;

const figurePoint = z.object({
  bucket: z.string(),
  status: z.string().optional(),
  start: z.string(),
  end: z.string(),
  count: z.number().int().nonnegative(),
  value_cents: z.number().int().nonnegative(),
});
const failedPoint = z.object({
  bucket: z.string(),
  status: z.string().optional(),
  start: z.string(),
  end: z.string(),
  error: z.string(),
});
const insightsPointSchema = z.union([figurePoint, failedPoint]);
export type InsightsPoint = z.infer<typeof insightsPointSchema>;
export type FigurePoint = z.infer<typeof figurePoint>;

export const insightsAnswerSchema = z.object({
  range: z.object({ from: z.string(), to: z.string(), days: z.number().int(), start: z.string(), end: z.string() }),
  group_by: z.enum(GROUP_BY),
  date_field: z.enum(DATE_FIELDS),
  filters: z.record(z.string(), z.string()),
  statuses: z.array(z.string()),
  series: z.array(insightsPointSchema),
  totals: z.object({
    count: z.number().int().nullable(),
    value_cents: z.number().int().nullable(),
    completed_value_cents: z.number().int().nullable(),
    /** Value not yet completed nor canceled (awaiting authorization, authorizing, sent). */
    in_flight_value_cents: z.number().int().nullable(),
    canceled_value_cents: z.number().int().nullable(),
    canceled_count: z.number().int().nullable(),
  }),
  partial: z.boolean(),
  failed: z.number().int().nonnegative(),
  calls: z.number().int().nonnegative(),
  errors: z.array(z.string()),
  computed_at: z.string(),
}).meta({ id: "Insights" });
export type InsightsAnswer = z.infer<typeof insightsAnswerSchema>;
