ALTER TABLE "approvals" DROP CONSTRAINT "approvals_subject_check";--> statement-breakpoint
ALTER TABLE "transfer_requests" DROP CONSTRAINT "transfer_requests_state_check";--> statement-breakpoint
ALTER TABLE "batches" DROP CONSTRAINT "batches_state_check";--> statement-breakpoint
DROP INDEX "approvals_batch_approver_idx";--> statement-breakpoint
-- A batch's approval becomes the approval of each of its rows (one approval path).
INSERT INTO "approvals" ("transfer_id", "approver_id", "approver_email", "at")
  SELECT tr."id", a."approver_id", a."approver_email", a."at"
  FROM "approvals" a JOIN "transfer_requests" tr ON tr."batch_id" = a."batch_id"
  WHERE a."batch_id" IS NOT NULL
  ON CONFLICT DO NOTHING;--> statement-breakpoint
DELETE FROM "approvals" WHERE "batch_id" IS NOT NULL;--> statement-breakpoint
UPDATE "batches" SET "state" = 'sending' WHERE "state" = 'submitting';--> statement-breakpoint
ALTER TABLE "approvals" ALTER COLUMN "transfer_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "transfer_requests" ADD COLUMN "end_to_end" text;--> statement-breakpoint
ALTER TABLE "transfer_requests" ADD COLUMN "payment_date" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "transfer_requests" ADD COLUMN "cancellation_reason" text;--> statement-breakpoint
ALTER TABLE "transfer_requests" ADD COLUMN "cancellation_date" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "transfer_requests" ADD COLUMN "registered_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "transfer_requests" ADD COLUMN "last_post_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "transfer_requests" ADD COLUMN "submitted_by_id" text;--> statement-breakpoint
ALTER TABLE "transfer_requests" ADD COLUMN "submitted_by_email" text;--> statement-breakpoint
ALTER TABLE "transfer_requests" ADD COLUMN "attention_handled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "transfer_requests" ADD COLUMN "attention_handled_by_id" text;--> statement-breakpoint
ALTER TABLE "transfer_requests" ADD COLUMN "attention_handled_by_email" text;--> statement-breakpoint
ALTER TABLE "transfer_requests" ADD COLUMN "attention_note" text;--> statement-breakpoint
ALTER TABLE "batches" ADD COLUMN "submitted_by_id" text;--> statement-breakpoint
CREATE INDEX "transfer_requests_receiver_idx" ON "transfer_requests" USING btree ("receiver_document","created_at");--> statement-breakpoint
ALTER TABLE "approvals" DROP COLUMN "batch_id";--> statement-breakpoint
ALTER TABLE "transfer_requests" ADD CONSTRAINT "transfer_requests_state_check" CHECK ("transfer_requests"."state" in ('awaiting_approval','approved','submitting','registered','paid','provider_canceled','refused','outcome_unknown','failed','rejected','canceled','expired'));--> statement-breakpoint
ALTER TABLE "batches" ADD CONSTRAINT "batches_state_check" CHECK ("batches"."state" in ('draft','awaiting_approval','sending','completed','rejected','canceled','expired'));--> statement-breakpoint
UPDATE "transfer_requests" SET "submitted_by_id" = "maker_id", "submitted_by_email" = "maker_email" WHERE "submitted_by_id" IS NULL;--> statement-breakpoint
UPDATE "transfer_requests" SET "registered_at" = coalesce("settled_at", "updated_at") WHERE "state" = 'registered';