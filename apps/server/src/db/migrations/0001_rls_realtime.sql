-- The role every request runs as. It owns nothing and cannot bypass row-level security.
DO $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'ledgerdesk_app') THEN
    CREATE ROLE ledgerdesk_app LOGIN NOSUPERUSER NOBYPASSRLS NOCREATEDB NOCREATEROLE;
  END IF;
EXCEPTION
  -- Several databases on one server may migrate at once; the role is shared by all of them.
  WHEN duplicate_object OR unique_violation THEN NULL;
END
$$;--> statement-breakpoint
GRANT USAGE ON SCHEMA public TO ledgerdesk_app;--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public TO ledgerdesk_app;--> statement-breakpoint
ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT SELECT, INSERT, UPDATE, DELETE ON TABLES TO ledgerdesk_app;--> statement-breakpoint

-- Ownership, enforced by Postgres: a row is visible and writable only when it belongs to the user the
-- request runs for (set with set_config('app.user_id', ..., true) inside the request's transaction).
ALTER TABLE profiles ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE profiles FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY profiles_owner ON profiles
  USING (id = current_setting('app.user_id', true))
  WITH CHECK (id = current_setting('app.user_id', true));--> statement-breakpoint

ALTER TABLE email_integrations ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE email_integrations FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY email_integrations_owner ON email_integrations
  USING (user_id = current_setting('app.user_id', true))
  WITH CHECK (user_id = current_setting('app.user_id', true));--> statement-breakpoint

ALTER TABLE notification_sources ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE notification_sources FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY notification_sources_owner ON notification_sources
  USING (user_id = current_setting('app.user_id', true))
  WITH CHECK (user_id = current_setting('app.user_id', true));--> statement-breakpoint

ALTER TABLE triage_items ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE triage_items FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY triage_items_owner ON triage_items
  USING (user_id = current_setting('app.user_id', true))
  WITH CHECK (user_id = current_setting('app.user_id', true));--> statement-breakpoint

-- Realtime: every insert and update of a triage item is announced to the server processes, which forward
-- it to that user's open event streams. The payload stays small (NOTIFY caps it at 8000 bytes).
CREATE OR REPLACE FUNCTION notify_triage_item_change() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify(
    'triage_item_changes',
    json_build_object('op', TG_OP, 'userId', NEW.user_id, 'id', NEW.id, 'threadKey', NEW.thread_key)::text
  );
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER triage_items_notify
  AFTER INSERT OR UPDATE ON triage_items
  FOR EACH ROW EXECUTE FUNCTION notify_triage_item_change();--> statement-breakpoint

-- The scheduler must find due work across users without bypassing row-level security for anything else:
-- this definer function reveals only ids and owners of active integrations.
CREATE OR REPLACE FUNCTION ledgerdesk_active_integrations()
RETURNS TABLE (id uuid, user_id text, provider text, last_sync_at timestamptz, token_expires_at timestamptz)
LANGUAGE sql SECURITY DEFINER SET search_path = public AS $$
  SELECT id, user_id, provider, last_sync_at, token_expires_at
  FROM email_integrations
  WHERE is_active AND NOT needs_reconnect
$$;--> statement-breakpoint
REVOKE ALL ON FUNCTION ledgerdesk_active_integrations() FROM PUBLIC;--> statement-breakpoint
GRANT EXECUTE ON FUNCTION ledgerdesk_active_integrations() TO ledgerdesk_app;
