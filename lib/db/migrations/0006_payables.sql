CREATE TABLE "cost_centres" (
	"id" text PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "receivers" (
	"id" text PRIMARY KEY NOT NULL,
	"nickname" text NOT NULL,
	"nickname_key" text NOT NULL,
	"name" text NOT NULL,
	"document" text NOT NULL,
	"initiation_type" text NOT NULL,
	"pix_key_type" text,
	"pix_key" text,
	"bank_ispb" text,
	"agency" text,
	"account" text,
	"account_type" text,
	"created_by_id" text NOT NULL,
	"created_by_email" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "receivers_initiation_check" CHECK ("receivers"."initiation_type" in ('dict','manual'))
);
--> statement-breakpoint
CREATE TABLE "transfer_series" (
	"id" text PRIMARY KEY NOT NULL,
	"every" text NOT NULL,
	"count" integer,
	"until" text,
	"first_day" text NOT NULL,
	"maker_id" text NOT NULL,
	"maker_email" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"stopped_at" timestamp with time zone,
	"stopped_by_id" text,
	"stopped_by_email" text,
	CONSTRAINT "transfer_series_every_check" CHECK ("transfer_series"."every" in ('week','month'))
);
--> statement-breakpoint
ALTER TABLE "transfer_requests" DROP CONSTRAINT "transfer_requests_state_check";--> statement-breakpoint
ALTER TABLE "transfer_requests" ADD COLUMN "scheduled_for" text;--> statement-breakpoint
ALTER TABLE "transfer_requests" ADD COLUMN "send_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "transfer_requests" ADD COLUMN "series_id" text;--> statement-breakpoint
ALTER TABLE "transfer_requests" ADD COLUMN "description" text;--> statement-breakpoint
ALTER TABLE "transfer_requests" ADD COLUMN "cost_centre_id" text;--> statement-breakpoint
ALTER TABLE "transfer_requests" ADD COLUMN "receiver_id" text;--> statement-breakpoint
CREATE UNIQUE INDEX "cost_centres_code_idx" ON "cost_centres" USING btree ("code");--> statement-breakpoint
CREATE UNIQUE INDEX "receivers_nickname_idx" ON "receivers" USING btree ("nickname_key") WHERE "receivers"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "receivers_document_idx" ON "receivers" USING btree ("document");--> statement-breakpoint
CREATE INDEX "transfer_requests_series_idx" ON "transfer_requests" USING btree ("series_id");--> statement-breakpoint
CREATE INDEX "transfer_requests_cost_centre_idx" ON "transfer_requests" USING btree ("cost_centre_id","created_at");--> statement-breakpoint
ALTER TABLE "transfer_requests" ADD CONSTRAINT "transfer_requests_state_check" CHECK ("transfer_requests"."state" in ('awaiting_approval','scheduled','approved','submitting','registered','paid','provider_canceled','refused','outcome_unknown','failed','rejected','canceled','expired'));