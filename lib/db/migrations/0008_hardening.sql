CREATE TABLE "session_step_ups" (
	"session_id" text PRIMARY KEY NOT NULL,
	"verified_at" timestamp with time zone,
	"failures" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "webhook_readbacks" (
	"key" text PRIMARY KEY NOT NULL,
	"window_started_at" timestamp with time zone NOT NULL,
	"count" integer NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pending_changes" (
	"id" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"payload" jsonb NOT NULL,
	"target_user_id" text,
	"target_email" text,
	"requested_by_id" text NOT NULL,
	"requested_by_email" text NOT NULL,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"decided_by_id" text,
	"decided_by_email" text,
	"decided_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "webhook_events" ADD COLUMN "delivery_digest" text;--> statement-breakpoint
ALTER TABLE "session_step_ups" ADD CONSTRAINT "session_step_ups_session_id_auth_session_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."auth_session"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "pending_changes_state_idx" ON "pending_changes" USING btree ("state","requested_at");--> statement-breakpoint
CREATE INDEX "webhook_events_delivery_digest_idx" ON "webhook_events" USING btree ("delivery_digest");