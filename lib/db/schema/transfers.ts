import { sql } from "drizzle-orm";
import { bigint, check, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";

/**
 * Money movement (lib/transfers). One row per intended transfer, written with its audit row in
 * one transaction before anything is sent; the state machine (lib/transfers/states.ts) moves it.
 * What decides "exactly once" lives here: the UNIQUE idempotent_id, and the claim (state +
 * lease + claim token) a worker takes with one conditional UPDATE before it calls the provider.
 */
export const transferRequests = pgTable(
  "transfer_requests",
  {
    id: text("id").primaryKey(),
    idempotentId: text("idempotent_id").notNull(),
    /** The registration body exactly as it will be sent (RegisterTransfer, wire names). */
    body: jsonb("body").$type<Record<string, unknown>>().notNull(),
    /** sha256 of the canonical body: a repeat with the same id must carry the same transfer. */
    bodyHash: text("body_hash").notNull(),
    valueCents: bigint("value_cents", { mode: "number" }).notNull(),
    receiverName: text("receiver_name").notNull(),
    /** The receiver's name as searched: lower case, no accents (lib/pix searchKey), written with the row. */
    receiverKey: text("receiver_key"),
    receiverDocument: text("receiver_document").notNull(),
    makerId: text("maker_id").notNull(),
    makerEmail: text("maker_email").notNull(),
    /** The service token it was made with, when a program made it (checked again when it is sent). */
    makerTokenId: text("maker_token_id"),
    /**
     * Where the money goes besides the document (lib/transfers/destination.ts): the normalised Pix
     * key ("pix:email:ana@x.com") or the bank account ("account:ispb:agency:account"). The 24 h
     * approval sums are kept per document and per this key.
     */
    destinationKey: text("destination_key"),
    /** What the approvals asked for were computed on (ApprovalNeed): re-read when the policy changes. */
    approvalNeed: jsonb("approval_need").$type<Record<string, unknown>>(),
    state: text("state").notNull(),
    /** Submissions started (POSTs or read-backs that may lead to one). */
    attempts: integer("attempts").notNull().default(0),
    /** An `approved` request waiting for a retry is not claimed before this. */
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }),
    /** A `submitting` request belongs to `claim_token` until this instant (a dead worker's claim lapses). */
    leaseUntil: timestamp("lease_until", { withTimezone: true }),
    claimToken: text("claim_token"),
    /** The one outcome type (lib/transfers/outcome.ts), as produced by lib/payments-api. */
    outcome: jsonb("outcome").$type<Record<string, unknown>>(),
    referenceCode: text("reference_code"),
    providerStatus: text("provider_status"),
    /** When the provider status was last read (reconciler refreshes). */
    providerCheckedAt: timestamp("provider_checked_at", { withTimezone: true }),
    /** The Pix end-to-end id, once the provider sent the payment. */
    endToEnd: text("end_to_end"),
    /** When the provider completed the payment (state `paid`). */
    paymentDate: timestamp("payment_date", { withTimezone: true }),
    /** The provider's reason and date when it canceled the payment (state `provider_canceled`). */
    cancellationReason: text("cancellation_reason"),
    cancellationDate: timestamp("cancellation_date", { withTimezone: true }),
    /** When the provider accepted it (state `registered`): "not final after N minutes" counts from here. */
    registeredAt: timestamp("registered_at", { withTimezone: true }),
    /**
     * When our last POST of this request left (written before it is sent). While a POST may still
     * commit upstream (TRANSFER_SETTLE_HORIZON_MS from here) the request is only read back, never
     * sent again.
     */
    lastPostAt: timestamp("last_post_at", { withTimezone: true }),
    /** Who made it go: the maker of a single transfer, the person who submitted a batch. Never its approver. */
    submittedById: text("submitted_by_id"),
    submittedByEmail: text("submitted_by_email"),
    /** A person marked what needs attention as handled (cleared at the next state change). */
    attentionHandledAt: timestamp("attention_handled_at", { withTimezone: true }),
    attentionHandledById: text("attention_handled_by_id"),
    attentionHandledByEmail: text("attention_handled_by_email"),
    attentionNote: text("attention_note"),
    approvalsRequired: integer("approvals_required").notNull().default(0),
    /** An `awaiting_approval` request expires at this instant. */
    expiresAt: timestamp("expires_at", { withTimezone: true }),
    /** Why it was rejected (approver) or canceled (maker), shown to the maker. */
    decisionReason: text("decision_reason"),
    batchId: text("batch_id"),
    batchLine: integer("batch_line"),
    /** A payable: the Brazil day it goes out ("YYYY-MM-DD"); it waits in `scheduled` until then. */
    scheduledFor: text("scheduled_for"),
    /** The instant it goes out (the scheduled day at SCHEDULE_SEND_TIME, Brazil time); null: at once. */
    sendAt: timestamp("send_at", { withTimezone: true }),
    /** One occurrence of a recurring series (transfer_series). */
    seriesId: text("series_id"),
    /** What it pays, in the maker's words (at most 140 characters; not sent to the provider). */
    description: text("description"),
    costCentreId: text("cost_centre_id"),
    /** The saved receiver it was made from, when it was. */
    receiverId: text("receiver_id"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    /** First claim by a worker. */
    submittedAt: timestamp("submitted_at", { withTimezone: true }),
    /** Reached a final state. */
    settledAt: timestamp("settled_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("transfer_requests_idempotent_id_idx").on(t.idempotentId),
    index("transfer_requests_state_created_idx").on(t.state, t.createdAt),
    // Newest first, and the keyset cursor's (created_at, id) < (…) seek (lib/transfers/server/store.ts).
    index("transfer_requests_created_id_idx").on(t.createdAt, t.id),
    index("transfer_requests_batch_idx").on(t.batchId, t.batchLine),
    // A batch's state is counted from its rows by state (lib/batches/state.ts): an index-only count.
    index("transfer_requests_batch_state_idx").on(t.batchId, t.state),
    index("transfer_requests_maker_idx").on(t.makerId, t.createdAt),
    index("transfer_requests_receiver_idx").on(t.receiverDocument, t.createdAt),
    index("transfer_requests_destination_idx").on(t.destinationKey, t.createdAt),
    index("transfer_requests_series_idx").on(t.seriesId),
    index("transfer_requests_cost_centre_idx").on(t.costCentreId, t.createdAt),
    // A name search finds its names in receiver_keys, then the rows of those names here.
    index("transfer_requests_receiver_key_idx").on(t.receiverKey),
    // Contains searches (LIKE '%…%') on the receiver's document and the maker's e-mail: trigram indexes (pg_trgm).
    index("transfer_requests_receiver_document_trgm_idx").using("gin", t.receiverDocument.op("gin_trgm_ops")),
    index("transfer_requests_maker_email_trgm_idx").using("gin", t.makerEmail.op("gin_trgm_ops")),
    // "Needs attention" and the header's count: only what is not handled yet, not a year of refusals.
    // The states are attentionCondition's (lib/transfers/server/attention.ts); if they drift apart the
    // planner only stops using this index, the answer stays right. Migration 0024 makes it cover the
    // count and sum (INCLUDE provider_status, value_cents), which Drizzle's builder cannot say.
    index("transfer_requests_attention_idx")
      .on(t.state, t.registeredAt)
      .where(sql`${t.attentionHandledAt} is null and ${t.state} in ('provider_canceled','refused','failed','outcome_unknown','held','registered')`),
    // Amount ranges: the matching rows found (and counted) from the index, not by reading the table.
    index("transfer_requests_value_idx").on(t.valueCents, t.createdAt),
    check(
      "transfer_requests_state_check",
      sql`${t.state} in ('awaiting_approval','scheduled','approved','submitting','held','registered','paid','provider_canceled','refused','outcome_unknown','failed','rejected','canceled','expired')`,
    ),
    check("transfer_requests_value_check", sql`${t.valueCents} > 0`),
  ],
);

/**
 * Count and sum of the requests per Brazil day of creation and state: the list's totals for its
 * common filters without reading every row. Three levels in one table: every maker and cost
 * centre (both '*'), one maker (cost centre '*'), one cost centre (maker '*'; '' is "none").
 * Statement triggers on transfer_requests append what each change adds and takes away to
 * transfer_totals_delta, in the transaction of the change (migration store_at_scale); appending
 * locks nothing another writer waits for. `foldTotals` (lib/db/totals-fold.ts) moves the deltas
 * into transfer_totals now and then; a total is the sum of both, exact at any moment.
 */
const totalsColumns = () => ({
  makerEmail: text("maker_email").notNull(),
  costCentreId: text("cost_centre_id").notNull(),
  day: text("day").notNull(),
  state: text("state").notNull(),
  n: bigint("n", { mode: "number" }).notNull(),
  cents: bigint("cents", { mode: "number" }).notNull(),
});

export const transferTotals = pgTable("transfer_totals", totalsColumns(), (t) => [
  primaryKey({ columns: [t.makerEmail, t.costCentreId, t.day, t.state] }),
  // "Part of the maker's e-mail" finds the maker level's rows without reading the others.
  index("transfer_totals_maker_trgm_idx").using("gin", t.makerEmail.op("gin_trgm_ops")),
]);

/** What changed since the last fold (a few minutes' worth): appended by the triggers, read whole. */
export const transferTotalsDelta = pgTable("transfer_totals_delta", totalsColumns());

/**
 * Every state change of a transfer request: its timeline. Appended, never changed. Partitioned by
 * Brazil month on `at`, like the audit log (lib/db/partitions): key (id, at), `id` from a sequence.
 */
export const transferEvents = pgTable(
  "transfer_events",
  {
    id: bigint("id", { mode: "number" })
      .notNull()
      .default(sql`nextval('transfer_events_id_seq')`),
    transferId: text("transfer_id")
      .notNull()
      .references(() => transferRequests.id, { onDelete: "cascade" }),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
    fromState: text("from_state"),
    toState: text("to_state").notNull(),
    /** null: the engine (worker, reconciler, expiry). */
    actorId: text("actor_id"),
    actorEmail: text("actor_email"),
    /** Message key + values for people (lib/i18n), never a sentence in one language. */
    note: jsonb("note").$type<Record<string, unknown>>(),
    outcome: jsonb("outcome").$type<Record<string, unknown>>(),
  },
  (t) => [primaryKey({ columns: [t.id, t.at] }), index("transfer_events_transfer_idx").on(t.transferId, t.id)],
);

/**
 * One approval by one person of one transfer request. A batch's approval is recorded as the
 * approval of each of its rows: one path, one rule (one person counts once per request).
 */
export const approvals = pgTable(
  "approvals",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    transferId: text("transfer_id")
      .notNull()
      .references(() => transferRequests.id, { onDelete: "cascade" }),
    approverId: text("approver_id").notNull(),
    approverEmail: text("approver_email").notNull(),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
    /**
     * An approval that no longer counts: when money was about to move, its approver no longer
     * held `approve`, or had become one of the request's makers (lib/transfers/send-check.ts).
     */
    voidedAt: timestamp("voided_at", { withTimezone: true }),
    voidReason: text("void_reason"),
  },
  (t) => [uniqueIndex("approvals_transfer_approver_idx").on(t.transferId, t.approverId)],
);

/**
 * The approval policy, one row per version (the newest is in force): value tiers in cents, each
 * with the number of distinct approvers it needs, and how long a request may wait.
 */
export const approvalPolicies = pgTable("approval_policies", {
  id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
  tiers: jsonb("tiers").$type<Array<{ from_cents: number; approvals: number }>>().notNull(),
  expiryHours: integer("expiry_hours").notNull(),
  /** Who asked for this version (and, for one a second admin confirmed, `confirmed_by_email`). */
  changedById: text("changed_by_id"),
  changedByEmail: text("changed_by_email"),
  /** When it took effect: saved at once, or confirmed. */
  changedAt: timestamp("changed_at", { withTimezone: true }).notNull().defaultNow(),
  /** A version that waited for a second admin: when it was asked for, and who confirmed it. */
  askedAt: timestamp("asked_at", { withTimezone: true }),
  confirmedByEmail: text("confirmed_by_email"),
});

/** What the reconciler found that needs a person: one row per finding, open until resolved. */
export const reconciliationFindings = pgTable(
  "reconciliation_findings",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    kind: text("kind").notNull(),
    idempotentId: text("idempotent_id").notNull(),
    referenceCode: text("reference_code"),
    providerStatus: text("provider_status"),
    valueCents: bigint("value_cents", { mode: "number" }),
    detail: jsonb("detail").$type<Record<string, unknown>>().notNull().default(sql`'{}'::jsonb`),
    foundAt: timestamp("found_at", { withTimezone: true }).notNull().defaultNow(),
    state: text("state").notNull().default("open"),
    resolvedById: text("resolved_by_id"),
    resolvedByEmail: text("resolved_by_email"),
    resolvedAt: timestamp("resolved_at", { withTimezone: true }),
    resolutionNote: text("resolution_note"),
  },
  (t) => [
    // A finding is recorded once per payment, kind and provider status, however often the scan runs.
    uniqueIndex("reconciliation_findings_key_idx").on(t.kind, t.idempotentId, t.providerStatus),
    index("reconciliation_findings_state_idx").on(t.state, t.foundAt),
    check("reconciliation_findings_state_check", sql`${t.state} in ('open','resolved')`),
  ],
);

export type TransferRequestRow = typeof transferRequests.$inferSelect;
export type ReconciliationFindingRow = typeof reconciliationFindings.$inferSelect;
