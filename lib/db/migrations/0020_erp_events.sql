CREATE TABLE "erp_event_seals" (
	"txid" "xid8" PRIMARY KEY NOT NULL
);
--> statement-breakpoint
CREATE TABLE "erp_events" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "erp_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"position" bigint,
	"txid" "xid8" DEFAULT pg_current_xact_id() NOT NULL,
	"type" text NOT NULL,
	"subject_id" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"data" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "webhook_deliveries" (
	"id" text PRIMARY KEY NOT NULL,
	"endpoint_id" text NOT NULL,
	"event_position" bigint NOT NULL,
	"event_type" text NOT NULL,
	"webhook_id" text NOT NULL,
	"payload" jsonb NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone,
	"lease_until" timestamp with time zone,
	"last_status" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"delivered_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "webhook_delivery_attempts" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "webhook_delivery_attempts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"delivery_id" text NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"status" integer,
	"excerpt" text,
	"error" text,
	"duration_ms" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "webhook_dispatch" (
	"id" integer PRIMARY KEY NOT NULL,
	"last_position" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "webhook_endpoints" (
	"id" text PRIMARY KEY NOT NULL,
	"url" text NOT NULL,
	"events" jsonb NOT NULL,
	"description" text,
	"secret" text NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"failing_since" timestamp with time zone,
	"disabled_at" timestamp with time zone,
	"disabled_reason" text,
	"created_by_id" text NOT NULL,
	"created_by_email" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_endpoint_id_webhook_endpoints_id_fk" FOREIGN KEY ("endpoint_id") REFERENCES "public"."webhook_endpoints"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_delivery_attempts" ADD CONSTRAINT "webhook_delivery_attempts_delivery_id_webhook_deliveries_id_fk" FOREIGN KEY ("delivery_id") REFERENCES "public"."webhook_deliveries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "erp_events_position_idx" ON "erp_events" USING btree ("position");--> statement-breakpoint
CREATE INDEX "erp_events_unsealed_idx" ON "erp_events" USING btree ("txid") WHERE position is null;--> statement-breakpoint
CREATE INDEX "erp_events_at_idx" ON "erp_events" USING btree ("at");--> statement-breakpoint
CREATE UNIQUE INDEX "webhook_deliveries_endpoint_event_idx" ON "webhook_deliveries" USING btree ("endpoint_id","event_position");--> statement-breakpoint
CREATE INDEX "webhook_deliveries_due_idx" ON "webhook_deliveries" USING btree ("next_attempt_at") WHERE state = 'pending';--> statement-breakpoint
CREATE INDEX "webhook_deliveries_endpoint_idx" ON "webhook_deliveries" USING btree ("endpoint_id","created_at");--> statement-breakpoint
CREATE INDEX "webhook_delivery_attempts_delivery_idx" ON "webhook_delivery_attempts" USING btree ("delivery_id","at");--> statement-breakpoint
-- The change feed's order (lib/db/schema/erp-events.ts). Events are written with no position.
-- The first insert of events in a transaction leaves one row in erp_event_seals; just before that
-- transaction commits, the row's deferred trigger numbers all of the transaction's events after
-- the highest position already committed, under a transaction-level advisory lock that is
-- released only once the commit is visible to others. Positions therefore become visible in
-- increasing order (commit order): a reader resuming after position n can never miss a row below
-- n. The lock is taken at the very end of the transaction, after every row lock it needed, so it
-- adds no deadlock and is held only for the commit itself; the trigger runs once per transaction.
CREATE FUNCTION erp_events_mark() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO erp_event_seals (txid) VALUES (pg_current_xact_id()) ON CONFLICT DO NOTHING;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER erp_events_mark
  AFTER INSERT ON erp_events
  FOR EACH STATEMENT EXECUTE FUNCTION erp_events_mark();
--> statement-breakpoint
CREATE FUNCTION erp_events_seal() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  base bigint;
BEGIN
  PERFORM pg_advisory_xact_lock(hashtext('pix.erp_events.position'));
  SELECT coalesce(max(position), 0) INTO base FROM erp_events;
  UPDATE erp_events e SET position = base + n.rn
    FROM (SELECT id, row_number() OVER (ORDER BY id) AS rn FROM erp_events
          WHERE position IS NULL AND txid = NEW.txid) n
   WHERE e.id = n.id;
  DELETE FROM erp_event_seals WHERE txid = NEW.txid;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER erp_events_seal
  AFTER INSERT ON erp_event_seals DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW EXECUTE FUNCTION erp_events_seal();
--> statement-breakpoint
-- Every change of a transfer request appends to its timeline (transfer_events, in the same
-- statement or transaction as the change, whatever path made it): each appended event becomes
-- one feed event, `transfer.created` for the first and `transfer.<state>` for the others.
CREATE FUNCTION erp_transfer_events() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO erp_events (type, subject_id, at, data)
  SELECT CASE WHEN n.from_state IS NULL THEN 'transfer.created' ELSE 'transfer.' || n.to_state END,
         r.id, n.at,
         jsonb_build_object(
           'id', r.id, 'idempotent_id', r.idempotent_id, 'state', n.to_state, 'from_state', n.from_state,
           'value_cents', r.value_cents, 'batch_id', r.batch_id, 'reference_code', r.reference_code,
           'end_to_end', r.end_to_end, 'payment_date', r.payment_date, 'scheduled_for', r.scheduled_for)
    FROM new_rows n JOIN transfer_requests r ON r.id = n.transfer_id
   ORDER BY n.id;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER transfer_events_erp
  AFTER INSERT ON transfer_events REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION erp_transfer_events();
--> statement-breakpoint
-- A submitted batch's state changes only in lib/batches/state.ts; each change is `batch.<state>`.
CREATE FUNCTION erp_batch_events() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO erp_events (type, subject_id, at, data)
  VALUES ('batch.' || NEW.state, NEW.id, NEW.updated_at,
          jsonb_build_object('id', NEW.id, 'state', NEW.state, 'from_state', OLD.state,
                             'rows', NEW.valid, 'total_cents', NEW.total_cents));
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER batches_erp
  AFTER UPDATE OF state ON batches
  FOR EACH ROW WHEN (OLD.state IS DISTINCT FROM NEW.state AND NEW.state <> 'draft')
  EXECUTE FUNCTION erp_batch_events();
--> statement-breakpoint
INSERT INTO webhook_dispatch (id, last_position) VALUES (1, 0);
