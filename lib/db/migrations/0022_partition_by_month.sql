-- Retention: the audit log, the transfer timeline and the webhook events are partitioned by Brazil
-- month (declarative range partitioning), so a closed month can be exported, checked and detached
-- (`npm run archive`, lib/db/partitions) without deleting a row anywhere else.
--
-- Each table is rebuilt as a partitioned table with its rows: the old one is renamed, the new one
-- created with the same columns (the key becomes (id, <time>) because PostgreSQL wants the
-- partition key in every unique index; `id` comes from a plain sequence because PostgreSQL 15 has no
-- identity columns on partitioned tables), a partition made for every month that has rows, the
-- rows copied, the indexes and triggers made again, the old table dropped. A default partition
-- catches what no month holds, so an insert never fails for want of a partition.

-- The partition of `parent` holding the Brazil month that starts on `month` (its first day): made if
-- missing. Rows the default partition already holds for that month are moved into it (the default
-- is swapped for a new one, rows copied straight into the partitions: statement triggers on the
-- parent do not fire again, row triggers only refuse changes). Every TRUNCATE guard of the parent
-- is given to the new partition: statement triggers are not inherited.
CREATE FUNCTION create_month_partition(parent regclass, month date) RETURNS text
LANGUAGE plpgsql AS $$
DECLARE
  base text := (SELECT relname FROM pg_class WHERE oid = parent);
  part text := base || '_' || to_char(month, 'YYYY_MM');
  def text := base || '_default';
  key text := (SELECT a.attname FROM pg_partitioned_table p
                 JOIN pg_attribute a ON a.attrelid = p.partrelid AND a.attnum = p.partattrs[0]
                WHERE p.partrelid = parent);
  lo timestamptz := date_trunc('month', month)::timestamp AT TIME ZONE 'America/Sao_Paulo';
  hi timestamptz := (date_trunc('month', month) + interval '1 month')::timestamp AT TIME ZONE 'America/Sao_Paulo';
  moved boolean := false;
BEGIN
  IF to_regclass(part) IS NOT NULL THEN RETURN part; END IF;
  IF to_regclass(def) IS NOT NULL THEN
    EXECUTE format('SELECT EXISTS (SELECT 1 FROM %I WHERE %I >= $1 AND %I < $2)', def, key, key)
      INTO moved USING lo, hi;
  END IF;
  IF moved THEN
    EXECUTE format('ALTER TABLE %I DETACH PARTITION %I', base, def);
    EXECUTE format('ALTER TABLE %I RENAME TO %I', def, def || '_swap');
  END IF;
  EXECUTE format('CREATE TABLE %I PARTITION OF %I FOR VALUES FROM (%L) TO (%L)', part, base, lo, hi);
  PERFORM guard_partition(parent, part);
  IF moved THEN
    PERFORM ensure_default_partition(parent);
    EXECUTE format('INSERT INTO %I SELECT * FROM %I WHERE %I >= $1 AND %I < $2', part, def || '_swap', key, key) USING lo, hi;
    EXECUTE format('INSERT INTO %I SELECT * FROM %I WHERE NOT (%I >= $1 AND %I < $2)', def, def || '_swap', key, key) USING lo, hi;
    EXECUTE format('DROP TABLE %I', def || '_swap');
  END IF;
  RETURN part;
END;
$$;
--> statement-breakpoint
CREATE FUNCTION guard_partition(parent regclass, part text) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  t record;
BEGIN
  -- tgtype: 2 = BEFORE, 32 = TRUNCATE (a statement trigger: never cloned to partitions).
  FOR t IN SELECT tgname, tgfoid::regproc AS fn FROM pg_trigger
            WHERE tgrelid = parent AND NOT tgisinternal AND (tgtype & 32) <> 0 AND (tgtype & 2) <> 0 LOOP
    EXECUTE format('CREATE TRIGGER %I BEFORE TRUNCATE ON %I FOR EACH STATEMENT EXECUTE FUNCTION %s()', t.tgname, part, t.fn);
  END LOOP;
END;
$$;
--> statement-breakpoint
CREATE FUNCTION ensure_default_partition(parent regclass) RETURNS text
LANGUAGE plpgsql AS $$
DECLARE
  def text := (SELECT relname FROM pg_class WHERE oid = parent) || '_default';
BEGIN
  IF to_regclass(def) IS NULL THEN
    EXECUTE format('CREATE TABLE %I PARTITION OF %s DEFAULT', def, parent);
    PERFORM guard_partition(parent, def);
  END IF;
  RETURN def;
END;
$$;
--> statement-breakpoint
-- The tick (lib/db/partitions/ensure.ts): this Brazil month and the next `ahead` ones exist for every
-- partitioned table, and each has its default partition.
CREATE FUNCTION ensure_month_partitions(ahead integer, now_at timestamptz DEFAULT now()) RETURNS integer
LANGUAGE plpgsql AS $$
DECLARE
  parent regclass;
  m integer;
  first date := date_trunc('month', now_at AT TIME ZONE 'America/Sao_Paulo')::date;
  made integer := 0;
BEGIN
  FOREACH parent IN ARRAY ARRAY['audit_log'::regclass, 'transfer_events'::regclass, 'webhook_events'::regclass] LOOP
    PERFORM ensure_default_partition(parent);
    FOR m IN 0..ahead LOOP
      IF to_regclass(parent::text || '_' || to_char(first + make_interval(months => m), 'YYYY_MM')) IS NULL THEN
        PERFORM create_month_partition(parent, (first + make_interval(months => m))::date);
        made := made + 1;
      END IF;
    END LOOP;
  END LOOP;
  RETURN made;
END;
$$;
--> statement-breakpoint
-- audit_log ---------------------------------------------------------------------------------------
ALTER TABLE "audit_log" RENAME TO "audit_log_unpartitioned";--> statement-breakpoint
ALTER TABLE "audit_log_unpartitioned" ALTER COLUMN "id" DROP IDENTITY;--> statement-breakpoint
ALTER TABLE "audit_log_unpartitioned" DROP CONSTRAINT "audit_log_pkey";--> statement-breakpoint
DROP INDEX "audit_log_at_id_idx";--> statement-breakpoint
DROP INDEX "audit_log_action_at_idx";--> statement-breakpoint
DROP INDEX "audit_log_actor_email_at_idx";--> statement-breakpoint
DROP INDEX "audit_log_actor_email_trgm_idx";--> statement-breakpoint
DROP INDEX "audit_log_target_at_idx";--> statement-breakpoint
CREATE SEQUENCE "audit_log_id_seq";--> statement-breakpoint
CREATE TABLE "audit_log" (
	"id" bigint DEFAULT nextval('audit_log_id_seq') NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"actor_id" text,
	"actor_email" text,
	"action" text NOT NULL,
	"target" text,
	"outcome" text NOT NULL,
	"detail" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"ip" text,
	"request_id" text,
	CONSTRAINT "audit_log_id_at_pk" PRIMARY KEY ("id", "at")
) PARTITION BY RANGE ("at");--> statement-breakpoint
ALTER SEQUENCE "audit_log_id_seq" OWNED BY "audit_log"."id";--> statement-breakpoint
CREATE TRIGGER audit_log_no_update_delete
  BEFORE UPDATE OR DELETE ON audit_log
  FOR EACH ROW EXECUTE FUNCTION audit_log_refuse_change();--> statement-breakpoint
CREATE TRIGGER audit_log_no_truncate
  BEFORE TRUNCATE ON audit_log
  FOR EACH STATEMENT EXECUTE FUNCTION audit_log_refuse_change();--> statement-breakpoint
SELECT create_month_partition('audit_log', m::date)
  FROM (SELECT DISTINCT date_trunc('month', "at" AT TIME ZONE 'America/Sao_Paulo') AS m FROM "audit_log_unpartitioned") months;--> statement-breakpoint
SELECT ensure_default_partition('audit_log');--> statement-breakpoint
INSERT INTO "audit_log" ("id", "at", "actor_id", "actor_email", "action", "target", "outcome", "detail", "ip", "request_id")
SELECT "id", "at", "actor_id", "actor_email", "action", "target", "outcome", "detail", "ip", "request_id" FROM "audit_log_unpartitioned";--> statement-breakpoint
SELECT setval('audit_log_id_seq', coalesce((SELECT max("id") FROM "audit_log"), 0) + 1, false);--> statement-breakpoint
DROP TABLE "audit_log_unpartitioned";--> statement-breakpoint
CREATE INDEX "audit_log_at_id_idx" ON "audit_log" USING btree ("at","id");--> statement-breakpoint
CREATE INDEX "audit_log_action_at_idx" ON "audit_log" USING btree ("action","at");--> statement-breakpoint
CREATE INDEX "audit_log_actor_email_at_idx" ON "audit_log" USING btree ("actor_email","at");--> statement-breakpoint
CREATE INDEX "audit_log_actor_email_trgm_idx" ON "audit_log" USING gin ("actor_email" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "audit_log_target_at_idx" ON "audit_log" USING btree ("target","at");--> statement-breakpoint
-- After the copy: the copied rows are counted already (audit_totals).
CREATE TRIGGER audit_totals_insert AFTER INSERT ON audit_log REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION audit_totals_apply();--> statement-breakpoint
-- transfer_events ---------------------------------------------------------------------------------
ALTER TABLE "transfer_events" RENAME TO "transfer_events_unpartitioned";--> statement-breakpoint
ALTER TABLE "transfer_events_unpartitioned" ALTER COLUMN "id" DROP IDENTITY;--> statement-breakpoint
ALTER TABLE "transfer_events_unpartitioned" DROP CONSTRAINT "transfer_events_pkey";--> statement-breakpoint
ALTER TABLE "transfer_events_unpartitioned" DROP CONSTRAINT "transfer_events_transfer_id_transfer_requests_id_fk";--> statement-breakpoint
DROP INDEX "transfer_events_transfer_idx";--> statement-breakpoint
CREATE SEQUENCE "transfer_events_id_seq";--> statement-breakpoint
CREATE TABLE "transfer_events" (
	"id" bigint DEFAULT nextval('transfer_events_id_seq') NOT NULL,
	"transfer_id" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"from_state" text,
	"to_state" text NOT NULL,
	"actor_id" text,
	"actor_email" text,
	"note" jsonb,
	"outcome" jsonb,
	CONSTRAINT "transfer_events_id_at_pk" PRIMARY KEY ("id", "at")
) PARTITION BY RANGE ("at");--> statement-breakpoint
ALTER SEQUENCE "transfer_events_id_seq" OWNED BY "transfer_events"."id";--> statement-breakpoint
CREATE TRIGGER transfer_events_no_update
  BEFORE UPDATE ON transfer_events
  FOR EACH ROW EXECUTE FUNCTION transfer_events_refuse_change();--> statement-breakpoint
-- Emptying the timeline was never allowed either; now a partition cannot be emptied on its own.
CREATE TRIGGER transfer_events_no_truncate
  BEFORE TRUNCATE ON transfer_events
  FOR EACH STATEMENT EXECUTE FUNCTION transfer_events_refuse_change();--> statement-breakpoint
SELECT create_month_partition('transfer_events', m::date)
  FROM (SELECT DISTINCT date_trunc('month', "at" AT TIME ZONE 'America/Sao_Paulo') AS m FROM "transfer_events_unpartitioned") months;--> statement-breakpoint
SELECT ensure_default_partition('transfer_events');--> statement-breakpoint
INSERT INTO "transfer_events" ("id", "transfer_id", "at", "from_state", "to_state", "actor_id", "actor_email", "note", "outcome")
SELECT "id", "transfer_id", "at", "from_state", "to_state", "actor_id", "actor_email", "note", "outcome" FROM "transfer_events_unpartitioned";--> statement-breakpoint
SELECT setval('transfer_events_id_seq', coalesce((SELECT max("id") FROM "transfer_events"), 0) + 1, false);--> statement-breakpoint
DROP TABLE "transfer_events_unpartitioned";--> statement-breakpoint
ALTER TABLE "transfer_events" ADD CONSTRAINT "transfer_events_transfer_id_transfer_requests_id_fk" FOREIGN KEY ("transfer_id") REFERENCES "public"."transfer_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "transfer_events_transfer_idx" ON "transfer_events" USING btree ("transfer_id","id");--> statement-breakpoint
-- After the copy: the copied events are in the ERP feed already (erp_events).
CREATE TRIGGER transfer_events_erp
  AFTER INSERT ON transfer_events REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION erp_transfer_events();--> statement-breakpoint
-- webhook_events ----------------------------------------------------------------------------------
ALTER TABLE "webhook_events" RENAME TO "webhook_events_unpartitioned";--> statement-breakpoint
ALTER TABLE "webhook_events_unpartitioned" ALTER COLUMN "id" DROP IDENTITY;--> statement-breakpoint
ALTER TABLE "webhook_events_unpartitioned" DROP CONSTRAINT "webhook_events_pkey";--> statement-breakpoint
DROP INDEX "webhook_events_dedupe_key_idx";--> statement-breakpoint
DROP INDEX "webhook_events_idempotent_id_idx";--> statement-breakpoint
DROP INDEX "webhook_events_reference_code_idx";--> statement-breakpoint
DROP INDEX "webhook_events_result_id_idx";--> statement-breakpoint
DROP INDEX "webhook_events_delivery_digest_idx";--> statement-breakpoint
CREATE SEQUENCE "webhook_events_id_seq";--> statement-breakpoint
CREATE TABLE "webhook_events" (
	"id" bigint DEFAULT nextval('webhook_events_id_seq') NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"repeat_count" integer DEFAULT 0 NOT NULL,
	"kind" text DEFAULT 'payment' NOT NULL,
	"result" text NOT NULL,
	"reason" text,
	"dedupe_key" text,
	"idempotent_id" text,
	"reference_code" text,
	"status" text,
	"value_cents" bigint,
	"end_to_end" text,
	"payload" jsonb,
	"ip" text,
	"delivery_digest" text,
	CONSTRAINT "webhook_events_id_received_at_pk" PRIMARY KEY ("id", "received_at")
) PARTITION BY RANGE ("received_at");--> statement-breakpoint
ALTER SEQUENCE "webhook_events_id_seq" OWNED BY "webhook_events"."id";--> statement-breakpoint
SELECT create_month_partition('webhook_events', m::date)
  FROM (SELECT DISTINCT date_trunc('month', "received_at" AT TIME ZONE 'America/Sao_Paulo') AS m FROM "webhook_events_unpartitioned") months;--> statement-breakpoint
SELECT ensure_default_partition('webhook_events');--> statement-breakpoint
INSERT INTO "webhook_events" ("id", "received_at", "last_seen_at", "repeat_count", "kind", "result", "reason", "dedupe_key", "idempotent_id", "reference_code", "status", "value_cents", "end_to_end", "payload", "ip", "delivery_digest")
SELECT "id", "received_at", "last_seen_at", "repeat_count", "kind", "result", "reason", "dedupe_key", "idempotent_id", "reference_code", "status", "value_cents", "end_to_end", "payload", "ip", "delivery_digest" FROM "webhook_events_unpartitioned";--> statement-breakpoint
SELECT setval('webhook_events_id_seq', coalesce((SELECT max("id") FROM "webhook_events"), 0) + 1, false);--> statement-breakpoint
DROP TABLE "webhook_events_unpartitioned";--> statement-breakpoint
CREATE INDEX "webhook_events_dedupe_key_idx" ON "webhook_events" USING btree ("dedupe_key");--> statement-breakpoint
CREATE INDEX "webhook_events_idempotent_id_idx" ON "webhook_events" USING btree ("idempotent_id","id");--> statement-breakpoint
CREATE INDEX "webhook_events_reference_code_idx" ON "webhook_events" USING btree ("reference_code");--> statement-breakpoint
CREATE INDEX "webhook_events_result_id_idx" ON "webhook_events" USING btree ("result","id");--> statement-breakpoint
CREATE INDEX "webhook_events_delivery_digest_idx" ON "webhook_events" USING btree ("delivery_digest");--> statement-breakpoint
-- "One row per change" across months: the unique key the partitioned table cannot hold.
CREATE TABLE "webhook_event_keys" (
	"dedupe_key" text PRIMARY KEY NOT NULL,
	"received_at" timestamp with time zone NOT NULL
);--> statement-breakpoint
INSERT INTO "webhook_event_keys" ("dedupe_key", "received_at")
SELECT "dedupe_key", "received_at" FROM "webhook_events" WHERE "dedupe_key" IS NOT NULL;--> statement-breakpoint
-- This month and the next, for every table (the tick keeps one month ahead).
SELECT ensure_month_partitions(1);
