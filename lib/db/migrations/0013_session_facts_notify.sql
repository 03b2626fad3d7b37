-- What the guard reads on every request (a session, its user, its last step-up) announces each
-- committed change on the channel pix_session_facts. The embedded store (PGlite, one process)
-- keeps those facts in memory and forgets them all when the announcement arrives, before the
-- writer's next line runs (lib/auth/session-facts-memo.ts). Every writer goes through here:
-- Better Auth, the users admin, step-up, cascaded deletes, TRUNCATE, plain SQL. A rolled-back
-- change announces nothing. On PostgreSQL nobody listens: each request reads the rows.
CREATE OR REPLACE FUNCTION session_facts_changed() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('pix_session_facts', TG_TABLE_NAME);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER auth_user_session_facts
  AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON auth_user
  FOR EACH STATEMENT EXECUTE FUNCTION session_facts_changed();
--> statement-breakpoint
CREATE TRIGGER auth_session_session_facts
  AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON auth_session
  FOR EACH STATEMENT EXECUTE FUNCTION session_facts_changed();
--> statement-breakpoint
CREATE TRIGGER session_step_ups_session_facts
  AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON session_step_ups
  FOR EACH STATEMENT EXECUTE FUNCTION session_facts_changed();
