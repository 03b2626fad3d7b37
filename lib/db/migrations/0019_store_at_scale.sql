-- Trigram indexes for the contains searches (pg_trgm is a trusted extension: the database owner may create it; PGlite loads it in lib/db/client.ts).
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE TABLE "audit_totals" (
	"action" text NOT NULL,
	"actor_email" text NOT NULL,
	"day" text NOT NULL,
	"n" bigint NOT NULL,
	CONSTRAINT "audit_totals_action_actor_email_day_pk" PRIMARY KEY("action","actor_email","day")
);
--> statement-breakpoint
CREATE TABLE "audit_totals_delta" (
	"action" text NOT NULL,
	"actor_email" text NOT NULL,
	"day" text NOT NULL,
	"n" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "transfer_totals" (
	"maker_email" text NOT NULL,
	"cost_centre_id" text NOT NULL,
	"day" text NOT NULL,
	"state" text NOT NULL,
	"n" bigint NOT NULL,
	"cents" bigint NOT NULL,
	CONSTRAINT "transfer_totals_maker_email_cost_centre_id_day_state_pk" PRIMARY KEY("maker_email","cost_centre_id","day","state")
);
--> statement-breakpoint
CREATE TABLE "transfer_totals_delta" (
	"maker_email" text NOT NULL,
	"cost_centre_id" text NOT NULL,
	"day" text NOT NULL,
	"state" text NOT NULL,
	"n" bigint NOT NULL,
	"cents" bigint NOT NULL
);
--> statement-breakpoint
DROP INDEX "audit_log_at_idx";--> statement-breakpoint
DROP INDEX "transfer_requests_created_idx";--> statement-breakpoint
CREATE INDEX "audit_totals_actor_trgm_idx" ON "audit_totals" USING gin ("actor_email" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "transfer_totals_maker_trgm_idx" ON "transfer_totals" USING gin ("maker_email" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "audit_log_at_id_idx" ON "audit_log" USING btree ("at","id");--> statement-breakpoint
CREATE INDEX "audit_log_actor_email_trgm_idx" ON "audit_log" USING gin ("actor_email" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "transfer_requests_created_id_idx" ON "transfer_requests" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "transfer_requests_receiver_key_trgm_idx" ON "transfer_requests" USING gin ("receiver_key" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "transfer_requests_receiver_document_trgm_idx" ON "transfer_requests" USING gin ("receiver_document" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "transfer_requests_maker_email_trgm_idx" ON "transfer_requests" USING gin ("maker_email" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "transfer_requests_attention_idx" ON "transfer_requests" USING btree ("state","registered_at") WHERE "transfer_requests"."attention_handled_at" is null and "transfer_requests"."state" in ('provider_canceled','refused','failed','outcome_unknown','held','registered');--> statement-breakpoint
CREATE INDEX "transfer_requests_value_idx" ON "transfer_requests" USING btree ("value_cents","created_at");--> statement-breakpoint
-- The levels are told apart by '*' in two columns at once: without statistics on the pair the planner
-- multiplies their separate frequencies, expects a third of the table for "every maker and cost
-- centre" and reads all of it; with them it seeks the primary key.
CREATE STATISTICS transfer_totals_level (mcv) ON maker_email, cost_centre_id FROM transfer_totals;--> statement-breakpoint
CREATE STATISTICS audit_totals_level (mcv) ON action, actor_email FROM audit_totals;--> statement-breakpoint
-- What each statement on transfer_requests adds (new rows) and takes away (old rows), per Brazil
-- day of creation and state, at three levels (all; per maker; per cost centre), appended to
-- transfer_totals_delta in the statement's transaction. Appending takes no lock another writer
-- waits for (no hot row, no deadlock). Updates that change no key (a lease, an attempt, a provider
-- status) append nothing.
CREATE FUNCTION transfer_totals_apply() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  source text := CASE TG_OP
    WHEN 'INSERT' THEN 'SELECT created_at, state, maker_email, cost_centre_id, 1 AS n, value_cents AS cents FROM new_rows'
    WHEN 'DELETE' THEN 'SELECT created_at, state, maker_email, cost_centre_id, -1 AS n, -value_cents AS cents FROM old_rows'
    ELSE 'SELECT created_at, state, maker_email, cost_centre_id, 1 AS n, value_cents AS cents FROM new_rows
          UNION ALL SELECT created_at, state, maker_email, cost_centre_id, -1, -value_cents FROM old_rows' END;
BEGIN
  EXECUTE format($q$
    INSERT INTO transfer_totals_delta (maker_email, cost_centre_id, day, state, n, cents)
    SELECT coalesce(maker, '*'), coalesce(centre, '*'), day, state, sum(n), sum(cents)
    FROM (SELECT to_char(created_at AT TIME ZONE 'America/Sao_Paulo', 'YYYY-MM-DD') AS day, state, maker_email AS maker,
            coalesce(cost_centre_id, '') AS centre, n, cents FROM (%s) changed) delta
    GROUP BY GROUPING SETS ((day, state), (day, state, maker), (day, state, centre))
    HAVING sum(n) <> 0 OR sum(cents) <> 0
  $q$, source);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER transfer_totals_insert AFTER INSERT ON transfer_requests REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION transfer_totals_apply();--> statement-breakpoint
CREATE TRIGGER transfer_totals_update AFTER UPDATE ON transfer_requests REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION transfer_totals_apply();--> statement-breakpoint
CREATE TRIGGER transfer_totals_delete AFTER DELETE ON transfer_requests REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION transfer_totals_apply();--> statement-breakpoint
CREATE FUNCTION transfer_totals_clear() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM transfer_totals;
  DELETE FROM transfer_totals_delta;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER transfer_totals_truncate AFTER TRUNCATE ON transfer_requests FOR EACH STATEMENT EXECUTE FUNCTION transfer_totals_clear();--> statement-breakpoint
INSERT INTO transfer_totals (maker_email, cost_centre_id, day, state, n, cents)
SELECT coalesce(maker, '*'), coalesce(centre, '*'), day, state, count(*), sum(value_cents)
FROM (SELECT to_char(created_at AT TIME ZONE 'America/Sao_Paulo', 'YYYY-MM-DD') AS day, state, maker_email AS maker, coalesce(cost_centre_id, '') AS centre, value_cents FROM transfer_requests) r
GROUP BY GROUPING SETS ((day, state), (day, state, maker), (day, state, centre));--> statement-breakpoint
-- The audit log is append-only (migration 0001): only what is appended is counted, at three levels
-- (all; per action; per actor) per Brazil day.
CREATE FUNCTION audit_totals_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO audit_totals_delta (action, actor_email, day, n)
  SELECT coalesce(act, '*'), coalesce(actor, '*'), day, count(*)
  FROM (SELECT to_char(at AT TIME ZONE 'America/Sao_Paulo', 'YYYY-MM-DD') AS day, action AS act, coalesce(actor_email, '') AS actor FROM new_rows) appended
  GROUP BY GROUPING SETS ((day), (day, act), (day, actor));
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER audit_totals_insert AFTER INSERT ON audit_log REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION audit_totals_apply();--> statement-breakpoint
INSERT INTO audit_totals (action, actor_email, day, n)
SELECT coalesce(act, '*'), coalesce(actor, '*'), day, count(*)
FROM (SELECT to_char(at AT TIME ZONE 'America/Sao_Paulo', 'YYYY-MM-DD') AS day, action AS act, coalesce(actor_email, '') AS actor FROM audit_log) r
GROUP BY GROUPING SETS ((day), (day, act), (day, actor));
