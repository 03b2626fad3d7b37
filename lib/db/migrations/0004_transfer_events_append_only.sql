-- A transfer's timeline is history, like the audit log: refuse UPDATE and DELETE of a row
-- (a request's own deletion cascades, which never happens: requests are never deleted).
CREATE OR REPLACE FUNCTION transfer_events_refuse_change() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'transfer_events is append-only: % is not allowed', TG_OP
    USING ERRCODE = 'insufficient_privilege';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER transfer_events_no_update
  BEFORE UPDATE ON transfer_events
  FOR EACH ROW EXECUTE FUNCTION transfer_events_refuse_change();
