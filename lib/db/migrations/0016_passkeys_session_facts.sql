-- Whether a person holds a passkey is one of the facts the guard reads on every request (a
-- passkey counts as the second factor where REQUIRE_2FA holds): a passkey added or removed
-- announces itself like the other facts (migration 0013_session_facts_notify), so the embedded store's memo forgets
-- what it held before the writer's next line runs.
CREATE TRIGGER auth_passkey_session_facts
  AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON auth_passkey
  FOR EACH STATEMENT EXECUTE FUNCTION session_facts_changed();
