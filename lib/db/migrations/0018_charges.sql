CREATE TABLE "charge_events" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "charge_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"charge_id" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"from_state" text,
	"to_state" text NOT NULL,
	"actor_email" text,
	"note" jsonb
);
--> statement-breakpoint
CREATE TABLE "charges" (
	"id" text PRIMARY KEY NOT NULL,
	"external_reference" text NOT NULL,
	"kind" text NOT NULL,
	"value_cents" bigint NOT NULL,
	"payer_name" text NOT NULL,
	"payer_key" text NOT NULL,
	"payer_document" text NOT NULL,
	"payer_email" text,
	"description" text,
	"due_date" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"state" text NOT NULL,
	"reference_code" text,
	"content" text,
	"payment_link" text,
	"error_reason" text,
	"end_to_end" text,
	"paid_at" timestamp with time zone,
	"paid_value_cents" bigint,
	"paid_by_name" text,
	"paid_by_document" text,
	"paid_by_bank" text,
	"attention" text,
	"withdrawn_at" timestamp with time zone,
	"withdrawn_by_id" text,
	"withdrawn_by_email" text,
	"withdraw_reason" text,
	"maker_id" text NOT NULL,
	"maker_email" text NOT NULL,
	"provider_checked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "charges_state_check" CHECK ("charges"."state" in ('creating','awaiting_payment','paid','expired','error','withdrawn')),
	CONSTRAINT "charges_kind_check" CHECK ("charges"."kind" in ('qrcode','link')),
	CONSTRAINT "charges_value_check" CHECK ("charges"."value_cents" > 0)
);
--> statement-breakpoint
ALTER TABLE "charge_events" ADD CONSTRAINT "charge_events_charge_id_charges_id_fk" FOREIGN KEY ("charge_id") REFERENCES "public"."charges"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "charge_events_charge_idx" ON "charge_events" USING btree ("charge_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "charges_external_reference_idx" ON "charges" USING btree ("external_reference");--> statement-breakpoint
CREATE UNIQUE INDEX "charges_reference_code_idx" ON "charges" USING btree ("reference_code");--> statement-breakpoint
CREATE INDEX "charges_state_due_idx" ON "charges" USING btree ("state","due_date");--> statement-breakpoint
CREATE INDEX "charges_paid_at_idx" ON "charges" USING btree ("paid_at");--> statement-breakpoint
CREATE INDEX "charges_created_idx" ON "charges" USING btree ("created_at");