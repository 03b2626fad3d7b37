-- The change feed's positions are given by its readers, no longer at each writer's commit
-- (lib/db/schema/erp-events.ts). The seal at commit held one advisory lock from the seal to the
-- commit's end, so every transaction that changed a transfer committed after the one before it:
-- one WAL flush at a time for the whole store. Writers now only insert rows without a position.
DROP TRIGGER IF EXISTS "erp_events_mark" ON "erp_events";--> statement-breakpoint
DROP FUNCTION IF EXISTS erp_events_mark();--> statement-breakpoint
ALTER TABLE "erp_event_seals" DISABLE ROW LEVEL SECURITY;--> statement-breakpoint
DROP TABLE "erp_event_seals" CASCADE;--> statement-breakpoint
DROP FUNCTION IF EXISTS erp_events_seal();--> statement-breakpoint
DROP INDEX "erp_events_unsealed_idx";--> statement-breakpoint
CREATE INDEX "erp_events_unsealed_idx" ON "erp_events" USING btree ("id") WHERE position is null;--> statement-breakpoint
-- Numbers every committed row still without a position, after the highest position, in the order
-- written; returns how many. Called as a statement of its own (its transaction is its own), under
-- an advisory lock held until that commit: each numbering becomes visible whole and after the one
-- before it, and a row is numbered only once its writer has committed (a row in flight is not
-- visible here). So a reader that saw position n never later finds a new row below n. Each
-- statement below reads a snapshot taken after the lock, so it sees every earlier numbering.
CREATE FUNCTION erp_events_number_pending() RETURNS bigint
LANGUAGE plpgsql AS $$
DECLARE
  base bigint;
  numbered bigint;
BEGIN
  IF NOT EXISTS (SELECT 1 FROM erp_events WHERE position IS NULL) THEN
    RETURN 0;
  END IF;
  PERFORM pg_advisory_xact_lock(hashtext('pix.erp_events.position'));
  SELECT coalesce(max(position), 0) INTO base FROM erp_events;
  UPDATE erp_events e SET position = base + n.rn
    FROM (SELECT id, row_number() OVER (ORDER BY id) AS rn FROM erp_events WHERE position IS NULL) n
   WHERE e.id = n.id;
  GET DIAGNOSTICS numbered = ROW_COUNT;
  RETURN numbered;
END;
$$;
