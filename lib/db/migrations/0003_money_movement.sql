CREATE TABLE "auth_two_factor" (
	"id" text PRIMARY KEY NOT NULL,
	"secret" text NOT NULL,
	"backup_codes" text NOT NULL,
	"user_id" text NOT NULL,
	"verified" boolean DEFAULT true NOT NULL,
	"failed_verification_count" integer DEFAULT 0 NOT NULL,
	"locked_until" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "webhook_auth_failures" (
	"ip" text PRIMARY KEY NOT NULL,
	"window_started_at" timestamp with time zone NOT NULL,
	"count" integer NOT NULL,
	"total" bigint DEFAULT 0 NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "approval_policies" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "approval_policies_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"tiers" jsonb NOT NULL,
	"expiry_hours" integer NOT NULL,
	"changed_by_id" text,
	"changed_by_email" text,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "approvals" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "approvals_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"transfer_id" text,
	"batch_id" text,
	"approver_id" text NOT NULL,
	"approver_email" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "approvals_subject_check" CHECK (("approvals"."transfer_id" is null) <> ("approvals"."batch_id" is null))
);
--> statement-breakpoint
CREATE TABLE "reconciliation_findings" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "reconciliation_findings_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"kind" text NOT NULL,
	"idempotent_id" text NOT NULL,
	"reference_code" text,
	"provider_status" text,
	"value_cents" bigint,
	"detail" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"found_at" timestamp with time zone DEFAULT now() NOT NULL,
	"state" text DEFAULT 'open' NOT NULL,
	"resolved_by_id" text,
	"resolved_by_email" text,
	"resolved_at" timestamp with time zone,
	"resolution_note" text,
	CONSTRAINT "reconciliation_findings_state_check" CHECK ("reconciliation_findings"."state" in ('open','resolved'))
);
--> statement-breakpoint
CREATE TABLE "transfer_events" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "transfer_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"transfer_id" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"from_state" text,
	"to_state" text NOT NULL,
	"actor_id" text,
	"actor_email" text,
	"note" jsonb,
	"outcome" jsonb
);
--> statement-breakpoint
CREATE TABLE "transfer_requests" (
	"id" text PRIMARY KEY NOT NULL,
	"idempotent_id" text NOT NULL,
	"body" jsonb NOT NULL,
	"body_hash" text NOT NULL,
	"value_cents" bigint NOT NULL,
	"receiver_name" text NOT NULL,
	"receiver_document" text NOT NULL,
	"maker_id" text NOT NULL,
	"maker_email" text NOT NULL,
	"state" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone,
	"lease_until" timestamp with time zone,
	"claim_token" text,
	"outcome" jsonb,
	"reference_code" text,
	"provider_status" text,
	"provider_checked_at" timestamp with time zone,
	"approvals_required" integer DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone,
	"decision_reason" text,
	"batch_id" text,
	"batch_line" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"submitted_at" timestamp with time zone,
	"settled_at" timestamp with time zone,
	CONSTRAINT "transfer_requests_state_check" CHECK ("transfer_requests"."state" in ('awaiting_approval','approved','submitting','registered','refused','outcome_unknown','failed','rejected','canceled','expired')),
	CONSTRAINT "transfer_requests_value_check" CHECK ("transfer_requests"."value_cents" > 0)
);
--> statement-breakpoint
CREATE TABLE "batch_rows" (
	"batch_id" text NOT NULL,
	"line" integer NOT NULL,
	"cells" jsonb NOT NULL,
	"body" jsonb,
	"idempotent_id" text,
	"value_cents" bigint,
	"errors" jsonb,
	"transfer_id" text,
	CONSTRAINT "batch_rows_batch_id_line_pk" PRIMARY KEY("batch_id","line")
);
--> statement-breakpoint
CREATE TABLE "batches" (
	"id" text PRIMARY KEY NOT NULL,
	"file_sha256" text NOT NULL,
	"file_name" text,
	"file_format" text NOT NULL,
	"maker_id" text NOT NULL,
	"maker_email" text NOT NULL,
	"state" text NOT NULL,
	"rows" integer NOT NULL,
	"valid" integer NOT NULL,
	"invalid" integer NOT NULL,
	"total_cents" bigint NOT NULL,
	"approvals_required" integer DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone,
	"decision_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"submitted_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	CONSTRAINT "batches_state_check" CHECK ("batches"."state" in ('draft','awaiting_approval','submitting','completed','rejected','canceled','expired'))
);
--> statement-breakpoint
ALTER TABLE "auth_user" ADD COLUMN "two_factor_enabled" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "auth_user" ADD COLUMN "locale" text;--> statement-breakpoint
ALTER TABLE "auth_user" ADD COLUMN "deactivated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "webhook_events" ADD COLUMN "kind" text DEFAULT 'payment' NOT NULL;--> statement-breakpoint
ALTER TABLE "auth_two_factor" ADD CONSTRAINT "auth_two_factor_user_id_auth_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."auth_user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approvals" ADD CONSTRAINT "approvals_transfer_id_transfer_requests_id_fk" FOREIGN KEY ("transfer_id") REFERENCES "public"."transfer_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transfer_events" ADD CONSTRAINT "transfer_events_transfer_id_transfer_requests_id_fk" FOREIGN KEY ("transfer_id") REFERENCES "public"."transfer_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "batch_rows" ADD CONSTRAINT "batch_rows_batch_id_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."batches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "auth_two_factor_user_id_idx" ON "auth_two_factor" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "auth_two_factor_secret_idx" ON "auth_two_factor" USING btree ("secret");--> statement-breakpoint
CREATE UNIQUE INDEX "approvals_transfer_approver_idx" ON "approvals" USING btree ("transfer_id","approver_id");--> statement-breakpoint
CREATE UNIQUE INDEX "approvals_batch_approver_idx" ON "approvals" USING btree ("batch_id","approver_id");--> statement-breakpoint
CREATE UNIQUE INDEX "reconciliation_findings_key_idx" ON "reconciliation_findings" USING btree ("kind","idempotent_id","provider_status");--> statement-breakpoint
CREATE INDEX "reconciliation_findings_state_idx" ON "reconciliation_findings" USING btree ("state","found_at");--> statement-breakpoint
CREATE INDEX "transfer_events_transfer_idx" ON "transfer_events" USING btree ("transfer_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "transfer_requests_idempotent_id_idx" ON "transfer_requests" USING btree ("idempotent_id");--> statement-breakpoint
CREATE INDEX "transfer_requests_state_created_idx" ON "transfer_requests" USING btree ("state","created_at");--> statement-breakpoint
CREATE INDEX "transfer_requests_created_idx" ON "transfer_requests" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "transfer_requests_batch_idx" ON "transfer_requests" USING btree ("batch_id","batch_line");--> statement-breakpoint
CREATE INDEX "transfer_requests_maker_idx" ON "transfer_requests" USING btree ("maker_id","created_at");--> statement-breakpoint
CREATE INDEX "batch_rows_transfer_idx" ON "batch_rows" USING btree ("transfer_id");--> statement-breakpoint
CREATE INDEX "batches_sha_idx" ON "batches" USING btree ("file_sha256");--> statement-breakpoint
CREATE INDEX "batches_created_idx" ON "batches" USING btree ("created_at");