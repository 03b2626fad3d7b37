/**
 * A transfer request as our API answers it and pages show it (client-safe: types only).
 * Wire names (snake_case), like the provider's, so one shape travels from the store to the page.
 */
import type { z } from "zod";
import type { personSchema } from "@/lib/domain/answer-fields";
import type { findingSchema, transferDetailSchema, transferEventSchema, transferListMetaSchema, transferSchema } from "./answers";

export type Person = z.infer<typeof personSchema>;

/** Why a transfer needs a person (lib/transfers/server/attention.ts), each worded in `transfers.attention`. */
export const ATTENTION_REASONS = [
  "provider_canceled",
  "refused",
  "failed",
  "outcome_unknown",
  "authorization_pending",
  "authorize_in_portal",
  "not_final",
  "held",
] as const;
export type AttentionReason = (typeof ATTENTION_REASONS)[number];

/** The answers' schemas are the source of these types (lib/transfers/answers.ts). */
export type TransferRequest = z.infer<typeof transferSchema>;
/** One step of a request's timeline. `note` is a message key with its values (lib/i18n). */
export type TransferEvent = z.infer<typeof transferEventSchema>;
/** What the approver weighs about the receiver (lib/transfers/server/receiver-check.ts). */
export type ReceiverCheck = TransferDetail["receiver_check"];
/** A recurring series and all its occurrences (lib/transfers/server/series-view.ts). */
export type SeriesView = NonNullable<TransferDetail["series"]>;
export type TransferDetail = z.infer<typeof transferDetailSchema>;
/** A page of the list; `total` and `total_value_cents` count every request the filters match, not only this page. */
export type TransferListMeta = z.infer<typeof transferListMetaSchema>;

/** A reconciliation finding as /api/reconciliation answers it. */
export type Finding = z.infer<typeof findingSchema>;
