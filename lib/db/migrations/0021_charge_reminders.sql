CREATE TABLE "charge_reminders" (
	"charge_id" text NOT NULL,
	"kind" text NOT NULL,
	"to" text NOT NULL,
	"sent_at" timestamp with time zone NOT NULL,
	CONSTRAINT "charge_reminders_charge_id_kind_pk" PRIMARY KEY("charge_id","kind"),
	CONSTRAINT "charge_reminders_kind_check" CHECK ("charge_reminders"."kind" in ('before','due_day'))
);
--> statement-breakpoint
ALTER TABLE "charges" ADD COLUMN "payer_locale" text;--> statement-breakpoint
ALTER TABLE "charge_reminders" ADD CONSTRAINT "charge_reminders_charge_id_charges_id_fk" FOREIGN KEY ("charge_id") REFERENCES "public"."charges"("id") ON DELETE cascade ON UPDATE no action;