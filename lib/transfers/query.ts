import "@/lib/zod-config";
import { z } from "zod";
import { cursorSchema } from "@/lib/db/keyset";
import { storeLimitSchema, storePageSchema, updatedSinceSchema } from "@/lib/domain/list-params";
import { isCalendarDay, isCentsFilter, isCostCentreFilter, isTextFilter } from "./filters";
import { TRANSFER_STATES } from "./states";
import { initiationTypeSchema, pixKeyTypeSchema } from "@/lib/contract/enums";
import { LIMITS } from "@/lib/contract/limits";

/** Query of GET /api/transfers (and the /transfers page's URL). */
const TRANSFER_SCOPES = ["all", "inbox"] as const;

const textFilter = z.string().trim().refine(isTextFilter, "validation.transfers.text").optional();
const centsFilter = z
  .string()
  .trim()
  .refine(isCentsFilter, "validation.transfers.cents")
  .transform(Number)
  .optional();
const dayFilter = z.string().trim().refine(isCalendarDay, "validation.transfers.day").optional();

export const transferListQuerySchema = z
  .object({
    /** One state, or several separated by commas. */
    state: z
      .string()
      .max(300)
      .transform((v) => v.split(",").map((s) => s.trim()).filter(Boolean))
      .pipe(z.array(z.enum(TRANSFER_STATES, { error: "validation.transfers.state" })).max(TRANSFER_STATES.length))
      .optional(),
    /** inbox: what waits for the signed-in approver's decision. */
    scope: z.enum(TRANSFER_SCOPES, { error: "validation.transfers.scope" }).default("all"),
    /** true: only what needs a person (lib/transfers/server/attention.ts). */
    attention: z
      .enum(["true", "false"], { error: "validation.transfers.attention" })
      .transform((v) => v === "true")
      .optional(),
    page: storePageSchema(),
    /** meta.next_cursor of the previous page: the next page, unmoved by transfers created since (`page` is then ignored). */
    cursor: cursorSchema("validation.transfers.cursor"),
    batch: z.string().uuid("validation.transfers.batch").optional(),
    /** The occurrences of one recurring series. */
    series: z.string().uuid("validation.transfers.series").optional(),
    /** Part of the maker's e-mail, case aside. */
    maker: textFilter,
    /** Part of the receiver's name (accents and case aside) or of their CPF/CNPJ. */
    receiver: textFilter,
    /** A cost centre's id, or `none`. */
    cost_centre: z.string().trim().refine(isCostCentreFilter, "validation.transfers.costCentre").optional(),
    /** Amount range, whole cents, both ends included. */
    min_cents: centsFilter,
    max_cents: centsFilter,
    /** Created between these Brazil days, both included. */
    created_from: dayFilter,
    created_to: dayFilter,
    /** Only requests changed at or after this instant (for programs that keep a copy; the change feed is exact). */
    updated_since: updatedSinceSchema,
    /** Requests per page (1-200; default 50). */
    limit: storeLimitSchema,
  })
  .superRefine((q, ctx) => {
    if (typeof q.min_cents === "number" && typeof q.max_cents === "number" && q.min_cents > q.max_cents) {
      ctx.addIssue({ code: "custom", path: ["max_cents"], message: "validation.transfers.amountRange" });
    }
    if (q.created_from && q.created_to && isCalendarDay(q.created_from) && isCalendarDay(q.created_to) && q.created_from > q.created_to) {
      ctx.addIssue({ code: "custom", path: ["created_to"], message: "validation.transfers.dayRange" });
    }
  });
export type TransferListQuery = z.output<typeof transferListQuerySchema>;

/** Route params of /api/transfers/{id}/... */
export const transferParamsSchema = z.object({ id: z.string().uuid("validation.transfers.id") });

/** Body of POST /api/transfers/{id}/reject: the reason is required and shown to the maker. */
export const rejectBodySchema = z.object({
  reason: z.string().trim().min(1, "validation.transfers.reasonRequired").max(500, "validation.transfers.reasonTooLong"),
});

/** Body of POST /api/transfers/{id}/handled: what was done about it (required, audited). */
export const handledBodySchema = z.object({
  note: z.string().trim().min(1, "validation.transfers.noteRequired").max(500, "validation.transfers.reasonTooLong"),
});

/** Query of GET /api/transfers/approvals-preview: what a transfer the signed-in maker types would need. */
export const approvalsPreviewQuerySchema = z.object({
  value_cents: z.coerce.number({ error: "validation.amount.required" }).int("validation.amount.wholeCents").min(0, "validation.amount.positive").max(100_000_000_000, "validation.amount.max"),
  receiver_document: z
    .string()
    .transform((v) => v.replace(/[.\-/\s]/g, "").toUpperCase())
    .pipe(z.string().regex(/^[0-9A-Z]{11,14}$/, "validation.document.invalid"))
    .optional(),
  // Where the money goes, as far as it is typed: the sums per Pix key or bank account count too.
  initiation_type: initiationTypeSchema.optional(),
  pix_key_type: pixKeyTypeSchema.optional(),
  pix_key: z.string().max(LIMITS.idempotentId, "validation.pixKey.tooLong").optional(),
  receiver_bank_ispb: z.string().regex(/^\d{8}$/, "validation.ispb.format").optional(),
  receiver_agency: z.string().regex(/^\d{1,4}$/, "validation.agency.format").optional(),
  receiver_account: z.string().regex(/^\d{1,20}$/, "validation.account.format").optional(),
});

/** Body of POST /api/transfers/{id}/cancel: an optional reason. */
export const cancelBodySchema = z.object({
  reason: z.string().trim().max(500, "validation.transfers.reasonTooLong").optional(),
});
