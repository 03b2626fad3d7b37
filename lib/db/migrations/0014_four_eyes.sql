CREATE TABLE "credential_holders" (
	"id" text PRIMARY KEY NOT NULL,
	"service_account_id" text NOT NULL,
	"token_id" text,
	"person_id" text NOT NULL,
	"person_email" text NOT NULL,
	"how" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "transfer_requests" DROP CONSTRAINT "transfer_requests_state_check";--> statement-breakpoint
ALTER TABLE "auth_user" ADD COLUMN "money_role_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "approval_policies" ADD COLUMN "asked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "approval_policies" ADD COLUMN "confirmed_by_email" text;--> statement-breakpoint
ALTER TABLE "approvals" ADD COLUMN "voided_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "approvals" ADD COLUMN "void_reason" text;--> statement-breakpoint
ALTER TABLE "transfer_requests" ADD COLUMN "maker_token_id" text;--> statement-breakpoint
ALTER TABLE "transfer_requests" ADD COLUMN "destination_key" text;--> statement-breakpoint
ALTER TABLE "transfer_requests" ADD COLUMN "approval_need" jsonb;--> statement-breakpoint
ALTER TABLE "receivers" ADD COLUMN "destination_changed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "receivers" ADD COLUMN "destination_changed_by_email" text;--> statement-breakpoint
ALTER TABLE "pending_changes" ADD COLUMN "failure" text;--> statement-breakpoint
ALTER TABLE "credential_holders" ADD CONSTRAINT "credential_holders_service_account_id_service_accounts_id_fk" FOREIGN KEY ("service_account_id") REFERENCES "public"."service_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "credential_holders_account_idx" ON "credential_holders" USING btree ("service_account_id");--> statement-breakpoint
CREATE INDEX "credential_holders_person_idx" ON "credential_holders" USING btree ("person_id");--> statement-breakpoint
CREATE INDEX "audit_log_target_at_idx" ON "audit_log" USING btree ("target","at");--> statement-breakpoint
CREATE INDEX "transfer_requests_destination_idx" ON "transfer_requests" USING btree ("destination_key","created_at");--> statement-breakpoint
ALTER TABLE "transfer_requests" ADD CONSTRAINT "transfer_requests_state_check" CHECK ("transfer_requests"."state" in ('awaiting_approval','scheduled','approved','submitting','held','registered','paid','provider_canceled','refused','outcome_unknown','failed','rejected','canceled','expired'));--> statement-breakpoint
-- Who could act through each service account's existing tokens: the issuer, and for tokens that
-- waited for a second admin, who asked and who confirmed (and so was shown the value).
INSERT INTO "credential_holders" ("id", "service_account_id", "token_id", "person_id", "person_email", "how", "at")
SELECT 'backfill-issued-' || t."id", t."service_account_id", t."id", t."created_by_id", t."created_by_email", 'issued', t."created_at"
FROM "service_tokens" t;--> statement-breakpoint
INSERT INTO "credential_holders" ("id", "service_account_id", "token_id", "person_id", "person_email", "how", "at")
SELECT 'backfill-confirmed-' || p."id", p."payload"->'service_account'->>'id', NULL, p."decided_by_id", p."decided_by_email", 'confirmed', p."decided_at"
FROM "pending_changes" p
WHERE p."kind" = 'service_token' AND p."state" = 'confirmed' AND p."decided_by_id" IS NOT NULL
  AND EXISTS (SELECT 1 FROM "service_accounts" s WHERE s."id" = p."payload"->'service_account'->>'id');--> statement-breakpoint
-- Accounts that left a money role before this column existed: the audit log says when.
UPDATE "auth_user" u SET "money_role_until" = r."at"
FROM (
  SELECT "target", max("at") AS "at" FROM "audit_log"
  WHERE "action" = 'user.role_change' AND "outcome" = 'success' AND "detail"->>'from' IN ('operator', 'approver', 'admin')
  GROUP BY "target"
) r
WHERE r."target" = u."email";--> statement-breakpoint
-- Where each existing request's money goes (lib/transfers/destination.ts says the same in TypeScript).
UPDATE "transfer_requests" SET "destination_key" = CASE
  WHEN "body"->>'initiation_type' = 'manual' THEN 'account:' || ("body"->>'receiver_bank_ispb') || ':'
    || coalesce(nullif(ltrim("body"->>'receiver_agency', '0'), ''), '0') || ':'
    || coalesce(nullif(ltrim("body"->>'receiver_account', '0'), ''), '0')
  WHEN "body"->>'pix_key' IS NOT NULL THEN 'pix:' || ("body"->>'pix_key_type') || ':' || ("body"->>'pix_key')
  ELSE NULL END;
