-- The totals of a receiver name search (lib/db/schema/receiver-keys.ts receiverTotals): count and
-- sum per receiver key and state, appended by the statement triggers of transfer_totals (the same
-- function, so one trigger call per statement still) and folded by foldTotals.
CREATE TABLE "receiver_totals" (
	"receiver_key" text NOT NULL,
	"state" text NOT NULL,
	"n" bigint NOT NULL,
	"cents" bigint NOT NULL,
	CONSTRAINT "receiver_totals_receiver_key_state_pk" PRIMARY KEY("receiver_key","state")
);
--> statement-breakpoint
CREATE TABLE "receiver_totals_delta" (
	"receiver_key" text NOT NULL,
	"state" text NOT NULL,
	"n" bigint NOT NULL,
	"cents" bigint NOT NULL
);
--> statement-breakpoint
CREATE OR REPLACE FUNCTION transfer_totals_apply() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  source text := CASE TG_OP
    WHEN 'INSERT' THEN 'SELECT created_at, state, maker_email, cost_centre_id, receiver_key, 1 AS n, value_cents AS cents FROM new_rows'
    WHEN 'DELETE' THEN 'SELECT created_at, state, maker_email, cost_centre_id, receiver_key, -1 AS n, -value_cents AS cents FROM old_rows'
    ELSE 'SELECT created_at, state, maker_email, cost_centre_id, receiver_key, 1 AS n, value_cents AS cents FROM new_rows
          UNION ALL SELECT created_at, state, maker_email, cost_centre_id, receiver_key, -1, -value_cents FROM old_rows' END;
BEGIN
  EXECUTE format($q$
    INSERT INTO transfer_totals_delta (maker_email, cost_centre_id, day, state, n, cents)
    SELECT coalesce(maker, '*'), coalesce(centre, '*'), day, state, sum(n), sum(cents)
    FROM (SELECT to_char(created_at AT TIME ZONE 'America/Sao_Paulo', 'YYYY-MM-DD') AS day, state, maker_email AS maker,
            coalesce(cost_centre_id, '') AS centre, n, cents FROM (%s) changed) delta
    GROUP BY GROUPING SETS ((day, state), (day, state, maker), (day, state, centre))
    HAVING sum(n) <> 0 OR sum(cents) <> 0
  $q$, source);
  -- A request without a key (none since migration 0011) is found by no name search: not counted.
  EXECUTE format($q$
    INSERT INTO receiver_totals_delta (receiver_key, state, n, cents)
    SELECT receiver_key, state, sum(n), sum(cents) FROM (%s) changed
    WHERE receiver_key IS NOT NULL
    GROUP BY receiver_key, state
    HAVING sum(n) <> 0 OR sum(cents) <> 0
  $q$, source);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION transfer_totals_clear() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM transfer_totals;
  DELETE FROM transfer_totals_delta;
  DELETE FROM receiver_totals;
  DELETE FROM receiver_totals_delta;
  RETURN NULL;
END $$;--> statement-breakpoint
INSERT INTO receiver_totals (receiver_key, state, n, cents)
SELECT receiver_key, state, count(*), sum(value_cents) FROM transfer_requests WHERE receiver_key IS NOT NULL GROUP BY receiver_key, state;
