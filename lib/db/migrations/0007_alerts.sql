CREATE TABLE "alert_deliveries" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "alert_deliveries_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"key" text NOT NULL,
	"channel" text NOT NULL,
	"kind" text NOT NULL,
	"alert_id" bigint,
	"recipient_id" text,
	"address" text NOT NULL,
	"locale" text DEFAULT 'pt-BR' NOT NULL,
	"payload" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"claim_until" timestamp with time zone,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	CONSTRAINT "alert_deliveries_state_check" CHECK ("alert_deliveries"."state" in ('pending','sent','failed')),
	CONSTRAINT "alert_deliveries_channel_check" CHECK ("alert_deliveries"."channel" in ('email','webhook'))
);
--> statement-breakpoint
CREATE TABLE "alert_reads" (
	"user_id" text PRIMARY KEY NOT NULL,
	"seen_up_to" bigint DEFAULT 0 NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "alert_rule_settings" (
	"rule" text PRIMARY KEY NOT NULL,
	"enabled" boolean NOT NULL,
	"threshold" bigint,
	"changed_by_id" text,
	"changed_by_email" text,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "alerts" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "alerts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"rule" text NOT NULL,
	"key" text NOT NULL,
	"subject_type" text NOT NULL,
	"subject_id" text NOT NULL,
	"owner_id" text,
	"facts" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"state" text DEFAULT 'open' NOT NULL,
	"raised_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"acknowledged_at" timestamp with time zone,
	"acknowledged_by_id" text,
	"acknowledged_by_email" text,
	"acknowledge_note" text,
	"resolved_at" timestamp with time zone,
	"resolved_by_id" text,
	"resolved_by_email" text,
	"resolution_note" text,
	CONSTRAINT "alerts_state_check" CHECK ("alerts"."state" in ('open','acknowledged','resolved'))
);
--> statement-breakpoint
CREATE TABLE "mail_preferences" (
	"user_id" text PRIMARY KEY NOT NULL,
	"muted" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "alert_deliveries" ADD CONSTRAINT "alert_deliveries_alert_id_alerts_id_fk" FOREIGN KEY ("alert_id") REFERENCES "public"."alerts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "alert_deliveries_key_idx" ON "alert_deliveries" USING btree ("key");--> statement-breakpoint
CREATE INDEX "alert_deliveries_due_idx" ON "alert_deliveries" USING btree ("state","next_attempt_at");--> statement-breakpoint
CREATE INDEX "alert_deliveries_alert_idx" ON "alert_deliveries" USING btree ("alert_id");--> statement-breakpoint
CREATE UNIQUE INDEX "alerts_live_key_idx" ON "alerts" USING btree ("key") WHERE "alerts"."state" <> 'resolved';--> statement-breakpoint
CREATE INDEX "alerts_state_raised_idx" ON "alerts" USING btree ("state","raised_at");--> statement-breakpoint
CREATE INDEX "alerts_subject_idx" ON "alerts" USING btree ("subject_type","subject_id");--> statement-breakpoint
CREATE INDEX "alerts_owner_idx" ON "alerts" USING btree ("owner_id","raised_at");