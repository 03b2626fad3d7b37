import "@/lib/zod-config";
import { z } from "zod";
import { centsSchema, daySchema, instantSchema, nextCursorSchema, storePageMetaSchema } from "@/lib/domain/answer-fields";
import { CHARGE_ATTENTION, CHARGE_KINDS, CHARGE_STATES } from "./states";

/**
 * What the charge routes answer (client-safe: the browser reads them with these schemas, the
 * routes declare them, the OpenAPI document is made from them). Wire names, snake_case.
 */
export const chargeStateSchema = z.enum(CHARGE_STATES);

export const chargeSchema = z
  .object({
    id: z.string(),
    external_reference: z.string(),
    kind: z.enum(CHARGE_KINDS),
    state: chargeStateSchema,
    value_cents: centsSchema,
    payer_name: z.string(),
    payer_document: z.string(),
    payer_email: z.string().nullable(),
    description: z.string().nullable(),
    due_date: daySchema,
    expires_at: instantSchema,
    /** The provider's code for it; null until the provider made it. */
    reference_code: z.string().nullable(),
    /** The copia-e-cola BR Code (a QR code charge). */
    content: z.string().nullable(),
    payment_link: z.string().nullable(),
    error_reason: z.string().nullable(),
    paid: z
      .object({
        at: instantSchema,
        value_cents: centsSchema,
        end_to_end: z.string().nullable(),
        payer_name: z.string().nullable(),
        payer_document: z.string().nullable(),
        payer_bank: z.string().nullable(),
      })
      .nullable(),
    withdrawn: z.object({ at: instantSchema, by: z.string(), reason: z.string().nullable() }).nullable(),
    attention: z.enum(CHARGE_ATTENTION).nullable(),
    maker_email: z.string(),
    created_at: instantSchema,
    updated_at: instantSchema,
  })
  .meta({ id: "Charge" });

export const chargeEventSchema = z.object({
  at: instantSchema,
  from_state: chargeStateSchema.nullable(),
  to_state: chargeStateSchema,
  actor_email: z.string().nullable(),
  note: z.object({ key: z.string(), values: z.record(z.string(), z.union([z.string(), z.number()])).optional() }).nullable(),
});

export const chargeDetailSchema = chargeSchema.extend({ events: z.array(chargeEventSchema) }).meta({ id: "ChargeDetail" });

export const chargeListMetaSchema = storePageMetaSchema.extend({
  /** Sum of the value of every charge the filters match (not only this page). */
  total_value_cents: centsSchema,
  /** Sum of what was received among them. */
  paid_value_cents: centsSchema,
  next_cursor: nextCursorSchema,
});

export const chargeAnswer = z.object({ charge: chargeDetailSchema }).meta({ id: "ChargeAnswer" });
export const chargeListAnswer = z.object({ charges: z.array(chargeSchema), meta: chargeListMetaSchema }).meta({ id: "ChargeList" });

const agingFigureSchema = z.object({ count: z.number().int().nonnegative(), value_cents: centsSchema });

/** GET /api/charges/aging: how the charges stand today (Brazil time), whatever the list's filters. */
export const chargeAgingSchema = z
  .object({
    as_of: daySchema,
    /** Still open and due today. */
    due_today: agingFigureSchema,
    /** Not paid nor withdrawn, due before today (within the last 30 days). */
    overdue: agingFigureSchema.extend({ oldest_due_date: daySchema.nullable() }),
    /** Received this month (Brazil time), by payment date: value_cents is what was paid. */
    paid_this_month: agingFigureSchema,
  })
  .meta({ id: "ChargeAging" });
export const chargeAgingAnswer = z.object({ aging: chargeAgingSchema }).meta({ id: "ChargeAgingAnswer" });

/**
 * GET /api/charges/received: money in from charges in a period, by the Brazil day each was paid
 * (the overview's "money in"), and the largest payers. `total` counts every charge paid in it.
 */
export const chargesReceivedSchema = z
  .object({
    start: daySchema,
    end: daySchema,
    total: agingFigureSchema,
    days: z.array(agingFigureSchema.extend({ day: daySchema })),
    top_payers: z.array(agingFigureSchema.extend({ name: z.string(), document: z.string() })),
  })
  .meta({ id: "ChargesReceived" });
export const chargesReceivedAnswer = z.object({ received: chargesReceivedSchema }).meta({ id: "ChargesReceivedAnswer" });

export type Charge = z.infer<typeof chargeSchema>;
export type ChargesReceived = z.infer<typeof chargesReceivedSchema>;
export type ChargeAging = z.infer<typeof chargeAgingSchema>;
export type ChargeDetail = z.infer<typeof chargeDetailSchema>;
export type ChargeEvent = z.infer<typeof chargeEventSchema>;
export type ChargeListMeta = z.infer<typeof chargeListMetaSchema>;

/** 200 of POST /api/charges/import: what was made (or already existed), and each bad row by its line (header = 1). */
export const chargeImportAnswer = z.object({
  created: z.number().int().nonnegative(),
  charges: z.array(chargeSchema),
  errors: z.array(z.object({ line: z.number().int().positive(), reason: z.string() })),
}).meta({ id: "ChargeImport" });

const previewFigureSchema = z.object({ count: z.number().int().nonnegative(), value_cents: centsSchema });

/**
 * 200 of POST /api/charges/import/preview: what the import of the same file would do, row by row
 * (the file's line, header = 1), nothing made. A bad row carries its cells as typed (`value_text`,
 * `due_date` as written) and the reason; a good one the values read.
 */
export const chargeImportPreviewAnswer = z.object({
  rows: z.array(
    z.object({
      line: z.number().int().positive(),
      status: z.enum(["new", "existing", "repeated", "invalid"]),
      reason: z.string().nullable(),
      external_reference: z.string().nullable(),
      payer_name: z.string().nullable(),
      payer_document: z.string().nullable(),
      value_cents: centsSchema.nullable(),
      value_text: z.string().nullable(),
      due_date: z.string().nullable(),
      description: z.string().nullable(),
      payer_email: z.string().nullable(),
      /** The charge an `existing` row already names. */
      charge_id: z.string().nullable(),
      /** The earlier line a `repeated` row repeats. */
      repeat_of: z.number().int().positive().nullable(),
    }),
  ),
  totals: z.object({
    new: previewFigureSchema,
    existing: previewFigureSchema,
    repeated: previewFigureSchema,
    invalid: z.object({ count: z.number().int().nonnegative() }),
  }),
}).meta({ id: "ChargeImportPreview" });
export type ChargeImportPreview = z.infer<typeof chargeImportPreviewAnswer>;
