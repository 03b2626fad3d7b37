import "@/lib/zod-config";
import { z } from "zod";
import { accountTypeCodeSchema, initiationTypeSchema, paymentStatusSchema, pixKeyTypeSchema } from "@/lib/contract/enums";
import { paymentListItemSchema } from "@/lib/contract/payment";
import { centsSchema, instantSchema, personSchema, nextCursorSchema, storePageMetaSchema } from "@/lib/domain/answer-fields";
import { TRANSFER_STATES } from "./states";
import { HOLD_REASONS } from "./send-check";
import { ATTENTION_REASONS } from "./types";

/**
 * What the transfer routes answer (client-safe: the browser reads them with these schemas, the
 * routes declare them, the OpenAPI document is made from them). Wire names, snake_case.
 */

const transferStateSchema = z.enum(TRANSFER_STATES);

const lostAnswerSchema = z.object({
  failure: z.enum(["timeout", "network", "server_error", "malformed", "rate_limited", "unauthorized", "insufficient_balance"]),
  http_status: z.number().int().optional(),
});

/** The one outcome of a submission (lib/transfers/outcome.ts says what each kind means). */
export const transferOutcomeSchema = z
  .discriminatedUnion("kind", [
    z.object({ kind: z.literal("registered"), reference_code: z.string(), status: paymentStatusSchema, found_by_read_back: z.boolean() }),
    z.object({ kind: z.literal("refused"), http_status: z.number().int(), message: z.string(), fields: z.record(z.string(), z.string()).optional() }),
    z.object({ kind: z.literal("conflict"), reference_code: z.string(), differs: z.array(z.string()) }),
    z.object({ kind: z.literal("not_registered"), lost: lostAnswerSchema, sent: z.boolean() }),
    z.object({ kind: z.literal("unknown"), lost: lostAnswerSchema }),
    /** Not sent: when it was about to go, its maker, submitter, token or the balance no longer allowed it (lib/transfers/send-check.ts). */
    z.object({ kind: z.literal("held"), reasons: z.array(z.enum(HOLD_REASONS)).min(1) }),
  ])
  .meta({ id: "TransferOutcome" });

const approvalSchema = z.object({ approver: personSchema, at: instantSchema });

/** How many approvals a request needs and why (lib/transfers/approval-need.ts). */
export const approvalNeedSchema = z
  .object({
    /** Distinct approvals needed. */
    approvals: z.number().int().nonnegative(),
    /** What the amount alone would need. */
    by_amount: z.number().int().nonnegative(),
    /** The amount the tiers were applied to: the transfer, a series' total, a batch's total. */
    amount_cents: centsSchema,
    /** The maker's sum to this destination in the window, this transfer included. */
    window_sum_cents: centsSchema,
    /** The destination that sum is kept for: the CPF/CNPJ, the Pix key or the bank account, whichever sum is highest. */
    window_basis: z.enum(["document", "pix_key", "account"]),
    /** That Pix key or account as people read it (null for the document). */
    window_key: z.string().nullable(),
    window_hours: z.number().int().positive(),
    /** True when the window's sum asks for more approvals than the amount alone. */
    window_applies: z.boolean(),
  })
  .meta({ id: "ApprovalNeed" });

/** A transfer request as lists show it. */
export const transferSchema = z
  .object({
    id: z.uuid(),
    idempotent_id: z.string(),
    state: transferStateSchema,
    value_cents: centsSchema,
    receiver_name: z.string(),
    receiver_document: z.string(),
    initiation_type: initiationTypeSchema,
    pix_key_type: pixKeyTypeSchema.nullable(),
    pix_key: z.string().nullable(),
    bank: z.object({ ispb: z.string(), agency: z.string(), account: z.string(), account_type: accountTypeCodeSchema }).nullable(),
    authorized: z.boolean(),
    maker: personSchema,
    /** Who made it go: the maker, or the person who submitted its batch. */
    submitted_by: personSchema.nullable(),
    created_at: instantSchema,
    updated_at: instantSchema,
    submitted_at: instantSchema.nullable(),
    settled_at: instantSchema.nullable(),
    attempts: z.number().int().nonnegative(),
    next_attempt_at: instantSchema.nullable(),
    outcome: transferOutcomeSchema.nullable(),
    reference_code: z.string().nullable(),
    provider_status: z.string().nullable(),
    /** The Pix end-to-end id, once the provider sent it. */
    end_to_end: z.string().nullable(),
    /** When the provider completed it (state `paid`). */
    payment_date: z.string().nullable(),
    /** The provider's reason and date (state `provider_canceled`). */
    cancellation_reason: z.string().nullable(),
    cancellation_date: z.string().nullable(),
    registered_at: instantSchema.nullable(),
    /** When our last POST of it left (an unknown outcome is only read back for the settle horizon after it). */
    last_post_at: instantSchema.nullable(),
    /** While the outcome is unknown: until when it is only read back (after that, still absent, it may be sent again). */
    settle_until: instantSchema.nullable(),
    /** What needs a person now, or null. */
    attention: z.enum(ATTENTION_REASONS).nullable(),
    attention_handled: z.object({ by: personSchema, at: instantSchema, note: z.string() }).nullable(),
    approvals_required: z.number().int().nonnegative(),
    /** Why it needs them (null for requests made before this was kept). */
    approval_need: approvalNeedSchema.nullable(),
    /** The approvals that count (one voided when money was about to move is not listed: its timeline says why). */
    approvals: z.array(approvalSchema),
    expires_at: instantSchema.nullable(),
    decision_reason: z.string().nullable(),
    batch_id: z.string().nullable(),
    batch_line: z.number().int().nullable(),
    /** A payable: the Brazil day it goes out and the instant (the day at SCHEDULE_SEND_TIME). */
    scheduled_for: z.string().nullable(),
    send_at: instantSchema.nullable(),
    /** An occurrence of a recurring series. */
    series_id: z.string().nullable(),
    description: z.string().nullable(),
    cost_centre: z.object({ id: z.string(), code: z.string(), name: z.string() }).nullable(),
    /** The saved receiver it was made from. */
    receiver_id: z.string().nullable(),
  })
  .meta({ id: "Transfer" });

/** One step of a request's timeline. `note` is a message key with its values. */
export const transferEventSchema = z
  .object({
    at: instantSchema,
    from_state: transferStateSchema.nullable(),
    to_state: transferStateSchema,
    actor: personSchema.nullable(),
    note: z.object({ key: z.string(), values: z.record(z.string(), z.union([z.string(), z.number()])).optional() }).nullable(),
    outcome: transferOutcomeSchema.nullable(),
  })
  .meta({ id: "TransferEvent" });

/** What the approver weighs about the receiver (lib/transfers/server/receiver-check.ts). */
const receiverCheckSchema = z.object({
  /** The saved receiver ("favorecido") the request was made from, and since when it is saved. */
  saved: z
    .object({
      id: z.string(),
      nickname: z.string(),
      since: instantSchema,
      /** The last change of where its money goes (Pix key or account), and by whom: null when never changed. */
      destination_changed: z.object({ at: instantSchema, by: z.string() }).nullable(),
    })
    .nullable(),
  /** Earlier requests to the same CPF/CNPJ (not counting rejected, canceled or expired ones). */
  earlier: z.number().int().nonnegative(),
  /** Names those earlier requests carried that differ from this one's, accents and case aside. */
  other_names: z.array(z.string()),
});

/** A recurring series and all its occurrences (lib/transfers/server/series-view.ts). */
const seriesViewSchema = z
  .object({
    id: z.string(),
    every: z.enum(["week", "month"]),
    count: z.number().int().nullable(),
    until: z.string().nullable(),
    maker: personSchema,
    stopped_at: instantSchema.nullable(),
    stopped_by: personSchema.nullable(),
    occurrences: z.array(z.object({ id: z.string(), scheduled_for: z.string(), state: transferStateSchema, value_cents: centsSchema })),
  })
  .meta({ id: "Series" });

/** One transfer request with its timeline, what the approver weighs about its receiver, and its series. */
export const transferDetailSchema = transferSchema
  .extend({
    history: z.array(transferEventSchema),
    receiver_check: receiverCheckSchema,
    series: seriesViewSchema.nullable(),
    /** Ids of everyone who counts as its maker (maker, submitter, holders of the token that made it): none of them may decide on it. */
    acted_as_maker: z.array(z.string()),
  })
  .meta({ id: "TransferDetail" });

/** GET /api/transfers/{id} and every decision on one (approve, reject, cancel, handled). */
export const transferDetailAnswer = z.object({ transfer: transferDetailSchema }).meta({ id: "TransferDetailAnswer" });

/** A page of the list; `total` and `total_value_cents` count every request the filters match, not only this page. */
export const transferListMetaSchema = storePageMetaSchema
  .extend({
    total_value_cents: centsSchema,
    next_cursor: nextCursorSchema,
  })
  .meta({ id: "TransferPageMeta" });

/** GET /api/transfers. */
export const transferListAnswer = z.object({ transfers: z.array(transferSchema), meta: transferListMetaSchema }).meta({ id: "TransferList" });

/** POST /api/transfers: the request, and a recurring series' occurrences. */
export const createdTransferAnswer = z.object({ transfer: transferSchema, series: z.array(transferSchema).optional() }).meta({ id: "CreatedTransfer" });

/** POST /api/transfers/series/{id}/stop: how many occurrences were canceled. */
export const seriesStoppedAnswer = z.object({ canceled: z.number().int().nonnegative() }).meta({ id: "SeriesStopped" });

/** GET /api/transfers/approvals-preview. */
export const approvalsPreviewAnswer = z.object({ need: approvalNeedSchema }).meta({ id: "ApprovalsPreview" });

/** The approval policy in force (GET/PUT /api/settings/approvals). */
export const storedPolicySchema = z
  .object({
    tiers: z.array(z.object({ from_cents: centsSchema, approvals: z.number().int().nonnegative() })),
    expiry_hours: z.number().int().positive(),
    /** Who asked for the version in force, and when it took effect (saved at once, or confirmed). */
    changed_by: z.string().nullable(),
    changed_at: instantSchema.nullable(),
    /** A version a second admin confirmed: when it was asked for, and who confirmed it. */
    asked_at: instantSchema.nullable(),
    confirmed_by: z.string().nullable(),
  })
  .meta({ id: "ApprovalPolicy" });
export const policyAnswer = z.object({ policy: storedPolicySchema }).meta({ id: "ApprovalPolicyAnswer" });

/**
 * POST /api/payments (the older alias of POST /api/transfers): 201/200 once registered, with the
 * payment as the provider registered it; 202 while it waits for approval or is being sent.
 */
export const registeredPaymentAnswer = z.object({
  payment: paymentListItemSchema.pick({ reference_code: true, idempotent_id: true, value_cents: true, receiver_name: true, receiver_document: true }).extend({
    pix_key_type: pixKeyTypeSchema.nullable(),
    pix_key: z.string().nullable(),
    status: z.string().nullable(),
  }),
  reconciled: z.boolean(),
  transfer: transferSchema,
}).meta({ id: "RegisteredPayment" });
export const pendingPaymentAnswer = z.object({ transfer: transferSchema }).meta({ id: "PendingPayment" });

/** A reconciliation finding (GET /api/reconciliation). */
export const findingSchema = z
  .object({
    id: z.number().int(),
    kind: z.string(),
    idempotent_id: z.string(),
    reference_code: z.string().nullable(),
    provider_status: z.string().nullable(),
    value_cents: centsSchema.nullable(),
    detail: z.record(z.string(), z.unknown()),
    found_at: instantSchema,
    state: z.enum(["open", "resolved"]),
    resolved_by: z.string().nullable(),
    resolved_at: instantSchema.nullable(),
    resolution_note: z.string().nullable(),
  })
  .meta({ id: "Finding" });
export const findingListAnswer = z.object({ findings: z.array(findingSchema), meta: storePageMetaSchema }).meta({ id: "FindingList" });
export const findingAnswer = z.object({ finding: findingSchema }).meta({ id: "FindingAnswer" });
