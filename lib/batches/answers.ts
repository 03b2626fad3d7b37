import "@/lib/zod-config";
import { z } from "zod";
import { centsSchema, instantSchema, personSchema, storePageMetaSchema } from "@/lib/domain/answer-fields";
import { transferOutcomeSchema } from "@/lib/transfers/answers";
import { TRANSFER_STATES } from "@/lib/transfers/states";
import { BATCH_STATES } from "./types";

/** What the batch routes answer (client-safe: the browser reads them with these schemas). */

const rowStateSchema = z.enum(["valid", "invalid", ...TRANSFER_STATES]);
const amountsSchema = z.object({ count: z.number().int().nonnegative(), cents: centsSchema });

export const batchSchema = z
  .object({
    id: z.uuid(),
    state: z.enum(BATCH_STATES),
    file_name: z.string().nullable(),
    file_format: z.enum(["csv", "xlsx"]),
    rows: z.number().int().nonnegative(),
    valid: z.number().int().nonnegative(),
    invalid: z.number().int().nonnegative(),
    total_cents: centsSchema,
    approvals_required: z.number().int().nonnegative(),
    approvals: z.array(z.object({ approver: personSchema, at: instantSchema })),
    maker: personSchema,
    created_at: instantSchema,
    submitted_at: instantSchema.nullable(),
    finished_at: instantSchema.nullable(),
    expires_at: instantSchema.nullable(),
    decision_reason: z.string().nullable(),
    /** Rows by where they stand: "invalid", "valid" (not submitted yet) or their transfer's state. */
    progress: z.partialRecord(rowStateSchema, z.number().int().nonnegative()),
    /** Where the money went: paid, certainly not paid, still on its way; and how many rows need a person. */
    outcome: z.object({ paid: amountsSchema, not_paid: amountsSchema, in_flight: amountsSchema, attention: z.number().int().nonnegative() }),
  })
  .meta({ id: "Batch" });

/** One row as the batch preview shows it: what the file said (invalid) or what will be sent (valid). */
export const batchPreviewRowSchema = z.object({
  line: z.number().int().positive(),
  state: z.enum(["valid", "invalid"]),
  /** Message keys (`batches.errors.*`) or the schema's own messages, per field (a file column or "row"). */
  errors: z.array(z.object({ field: z.string(), message: z.string(), values: z.record(z.string(), z.union([z.string(), z.number()])).optional() })).optional(),
  idempotent_id: z.string(),
  /** Null when the amount could not be read. */
  value_cents: centsSchema.nullable(),
  receiver_name: z.string(),
  receiver_document: z.string(),
  /** A contract key type ("phone", ...) or, on an invalid row, the label as written. */
  pix_key_type: z.string().optional(),
  pix_key: z.string().optional(),
  /** `account_type` is a request code ("CACC", ...) or, on an invalid row, the label as written. */
  bank: z.object({ ispb: z.string(), agency: z.string(), account: z.string(), account_type: z.string() }).optional(),
  /** The saved receiver the row named (`favorecido`), its description and cost centre code, as written. */
  receiver_nickname: z.string().optional(),
  description: z.string().optional(),
  cost_centre: z.string().optional(),
});

/** One row of a batch, and once submitted its transfer's state and outcome. */
export const batchRowSchema = batchPreviewRowSchema
  .extend({
    state: rowStateSchema,
    transfer_id: z.string().nullable(),
    reference_code: z.string().nullable(),
    outcome: transferOutcomeSchema.nullable(),
    provider_status: z.string().nullable(),
    end_to_end: z.string().nullable(),
    payment_date: z.string().nullable(),
    cancellation_reason: z.string().nullable(),
    /** The name of the cost centre the row named, once stored. */
    cost_centre_name: z.string().nullable(),
  })
  .meta({ id: "BatchRow" });

/** GET /api/batches/{id}: the batch, every row, what an approver weighs, and for a draft what submitting it would ask. */
export const batchDetailAnswer = z.object({
  batch: batchSchema,
  rows: z.array(batchRowSchema),
  review: z.object({
    /** Lines of the valid rows with the largest amounts, largest first (at most 5). */
    largest_lines: z.array(z.number().int()),
    /** Receivers (by document) of valid rows never paid by this back office before. */
    new_receivers: z.number().int().nonnegative(),
  }),
  /** How fast the rows go out once sent (BATCH_RATE_PER_SECOND). */
  pace: z.object({ rate_per_second: z.number().positive() }).optional(),
  /** A draft: the approvals submitting it now would ask for. */
  submit_approvals: z.number().int().nonnegative().nullable().optional(),
}).meta({ id: "BatchDetailAnswer" });

/** A decision on a batch (submit, approve, reject, cancel): the batch as it stands after. */
export const batchAnswer = z.object({ batch: batchSchema }).meta({ id: "BatchAnswer" });
export const batchRetriedAnswer = z.object({ retried: z.number().int().nonnegative(), batch: batchSchema }).meta({ id: "BatchRetried" });
export const batchListAnswer = z.object({ batches: z.array(batchSchema), meta: storePageMetaSchema }).meta({ id: "BatchList" });
export const batchDiscardedAnswer = z.object({ discarded: z.uuid() }).meta({ id: "BatchDiscarded" });

/** POST /api/batches: the draft made from the file, with its counts. */
export const batchUploadedAnswer = z.object({
  batch: batchSchema.pick({ id: true, state: true, rows: true, valid: true, invalid: true, total_cents: true }),
}).meta({ id: "BatchUploaded" });
