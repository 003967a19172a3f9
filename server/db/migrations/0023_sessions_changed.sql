-- Every committed change to a session or an account is announced on the channel sessions_changed, so each server
-- process forgets the sessions it has read (server/auth/kept-sessions.ts): a sign-out, a role or a deleted account
-- holds in every copy of the store. A new session changes none read before it, so an insert is not announced.
CREATE FUNCTION notify_sessions_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('sessions_changed', TG_TABLE_NAME);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER session_sessions_changed AFTER UPDATE OR DELETE OR TRUNCATE ON "session"
  FOR EACH STATEMENT EXECUTE FUNCTION notify_sessions_changed();
--> statement-breakpoint
CREATE TRIGGER user_sessions_changed AFTER UPDATE OR DELETE OR TRUNCATE ON "user"
  FOR EACH STATEMENT EXECUTE FUNCTION notify_sessions_changed();
