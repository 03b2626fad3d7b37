CREATE TABLE "public_rate_limits" (
	"key" text PRIMARY KEY NOT NULL,
	"count" integer NOT NULL,
	"window_started_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "receipt_authentications" (
	"code" text PRIMARY KEY NOT NULL,
	"end_to_end" text NOT NULL,
	"value_cents" bigint NOT NULL,
	"payment_date" timestamp with time zone NOT NULL,
	"issued_at" timestamp with time zone DEFAULT now() NOT NULL
);
