CREATE TABLE "webhook_events" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "webhook_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"repeat_count" integer DEFAULT 0 NOT NULL,
	"result" text NOT NULL,
	"reason" text,
	"dedupe_key" text,
	"idempotent_id" text,
	"reference_code" text,
	"status" text,
	"value_cents" bigint,
	"end_to_end" text,
	"payload" jsonb,
	"ip" text
);
--> statement-breakpoint
CREATE UNIQUE INDEX "webhook_events_dedupe_key_idx" ON "webhook_events" USING btree ("dedupe_key");--> statement-breakpoint
CREATE INDEX "webhook_events_idempotent_id_idx" ON "webhook_events" USING btree ("idempotent_id","id");--> statement-breakpoint
CREATE INDEX "webhook_events_reference_code_idx" ON "webhook_events" USING btree ("reference_code");--> statement-breakpoint
CREATE INDEX "webhook_events_result_id_idx" ON "webhook_events" USING btree ("result","id");