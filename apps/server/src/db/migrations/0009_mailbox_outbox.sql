-- Instant actions (issue 12, decision 010). A triage action writes the items' new state, the action's undo
-- record and the mailbox changes it implies in one transaction (a transactional outbox); every node pushes the
-- changes afterwards, one mailbox at a time under a lease, with the providers' batch APIs.

-- One user action (a single update or a bulk one): what the touched items were before, for Undo.
CREATE TABLE IF NOT EXISTS triage_actions (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  user_id text NOT NULL REFERENCES users(id) ON DELETE cascade,
  -- [{id, status, isRead, folder: {mail_folder?, exchange_folder_state?}}]
  previous jsonb NOT NULL,
  created_at timestamp with time zone DEFAULT now() NOT NULL,
  undone_at timestamp with time zone
);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS triage_actions_user_created_idx ON triage_actions (user_id, created_at);--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON triage_actions TO ledgerdesk_app;--> statement-breakpoint
ALTER TABLE triage_actions ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE triage_actions FORCE ROW LEVEL SECURITY;--> statement-breakpoint
DROP POLICY IF EXISTS triage_actions_owner ON triage_actions;--> statement-breakpoint
CREATE POLICY triage_actions_owner ON triage_actions
  USING (user_id = current_setting('app.user_id', true))
  WITH CHECK (user_id = current_setting('app.user_id', true));--> statement-breakpoint

-- The outbox: one row per mailbox change, pushed in id order per mailbox. `previous` is the item's state to put
-- back when the provider refuses the change for good.
CREATE TABLE IF NOT EXISTS mailbox_changes (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id text NOT NULL REFERENCES users(id) ON DELETE cascade,
  email_integration_id uuid NOT NULL REFERENCES email_integrations(id) ON DELETE cascade,
  triage_item_id uuid REFERENCES triage_items(id) ON DELETE set null,
  action_id uuid REFERENCES triage_actions(id) ON DELETE set null,
  email_message_id text NOT NULL,
  operation text NOT NULL,
  previous jsonb,
  state text NOT NULL DEFAULT 'pending',
  attempts integer NOT NULL DEFAULT 0,
  not_before timestamp with time zone DEFAULT now() NOT NULL,
  -- A refusal's spec §8 code, HTTP status and text (archive-email answers with them).
  error_code text,
  error_status integer,
  error_message text,
  -- The message's id once pushed (a provider that renumbers a moved message gives a new one).
  pushed_message_id text,
  created_at timestamp with time zone DEFAULT now() NOT NULL,
  settled_at timestamp with time zone,
  CONSTRAINT check_mailbox_changes_operation CHECK (operation IN ('archive', 'unarchive', 'read', 'unread')),
  CONSTRAINT check_mailbox_changes_state CHECK (state IN ('pending', 'pushing', 'done', 'failed', 'cancelled'))
);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS mailbox_changes_open_idx ON mailbox_changes (email_integration_id, id)
  WHERE state IN ('pending', 'pushing');--> statement-breakpoint
CREATE INDEX IF NOT EXISTS mailbox_changes_item_open_idx ON mailbox_changes (triage_item_id)
  WHERE state IN ('pending', 'pushing');--> statement-breakpoint
CREATE INDEX IF NOT EXISTS mailbox_changes_action_idx ON mailbox_changes (action_id);--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON mailbox_changes TO ledgerdesk_app;--> statement-breakpoint
ALTER TABLE mailbox_changes ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE mailbox_changes FORCE ROW LEVEL SECURITY;--> statement-breakpoint
DROP POLICY IF EXISTS mailbox_changes_owner ON mailbox_changes;--> statement-breakpoint
CREATE POLICY mailbox_changes_owner ON mailbox_changes
  USING (user_id = current_setting('app.user_id', true))
  WITH CHECK (user_id = current_setting('app.user_id', true));--> statement-breakpoint

-- Who pushes a mailbox's changes now: one holder per mailbox keeps them in order across nodes; a lease that
-- runs out (a node died) lets another node take over. Only the definer functions below touch it.
CREATE TABLE IF NOT EXISTS mailbox_change_leases (
  email_integration_id uuid PRIMARY KEY REFERENCES email_integrations(id) ON DELETE cascade,
  holder text NOT NULL,
  lease_until timestamp with time zone NOT NULL
);--> statement-breakpoint
ALTER TABLE mailbox_change_leases ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE mailbox_change_leases FORCE ROW LEVEL SECURITY;--> statement-breakpoint

-- Mailboxes with changes to push now (due and not leased), across users, for every node's sweep.
CREATE OR REPLACE FUNCTION ledgerdesk_outbox_due(now_at timestamptz, max_rows int)
RETURNS TABLE (email_integration_id uuid, user_id text)
LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public AS $$
  SELECT c.email_integration_id, min(c.user_id)
  FROM mailbox_changes c
  WHERE c.state IN ('pending', 'pushing') AND c.not_before <= now_at
    AND NOT EXISTS (
      SELECT 1 FROM mailbox_change_leases l
      WHERE l.email_integration_id = c.email_integration_id AND l.lease_until > now())
  GROUP BY c.email_integration_id
  ORDER BY min(c.id)
  LIMIT max_rows
$$;--> statement-breakpoint
REVOKE ALL ON FUNCTION ledgerdesk_outbox_due(timestamptz, int) FROM PUBLIC;--> statement-breakpoint
GRANT EXECUTE ON FUNCTION ledgerdesk_outbox_due(timestamptz, int) TO ledgerdesk_app;--> statement-breakpoint

-- Takes (or renews) the lease of a mailbox for `holder`; answers whether it holds it now.
CREATE OR REPLACE FUNCTION ledgerdesk_outbox_take_lease(integration uuid, holder_name text, seconds int)
RETURNS boolean
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public AS $$
DECLARE
  taken boolean;
BEGIN
  INSERT INTO mailbox_change_leases AS l (email_integration_id, holder, lease_until)
    VALUES (integration, holder_name, now() + make_interval(secs => seconds))
    ON CONFLICT (email_integration_id) DO UPDATE
      SET holder = excluded.holder, lease_until = excluded.lease_until
      WHERE l.lease_until <= now() OR l.holder = excluded.holder
    RETURNING true INTO taken;
  RETURN coalesce(taken, false);
END
$$;--> statement-breakpoint
REVOKE ALL ON FUNCTION ledgerdesk_outbox_take_lease(uuid, text, int) FROM PUBLIC;--> statement-breakpoint
GRANT EXECUTE ON FUNCTION ledgerdesk_outbox_take_lease(uuid, text, int) TO ledgerdesk_app;--> statement-breakpoint

CREATE OR REPLACE FUNCTION ledgerdesk_outbox_release_lease(integration uuid, holder_name text)
RETURNS void
LANGUAGE sql SECURITY DEFINER SET search_path = public AS $$
  DELETE FROM mailbox_change_leases WHERE email_integration_id = integration AND holder = holder_name
$$;--> statement-breakpoint
REVOKE ALL ON FUNCTION ledgerdesk_outbox_release_lease(uuid, text) FROM PUBLIC;--> statement-breakpoint
GRANT EXECUTE ON FUNCTION ledgerdesk_outbox_release_lease(uuid, text) TO ledgerdesk_app;--> statement-breakpoint

-- Settled changes and old undo records are kept a while for support, then removed (every node's sweep calls this
-- now and then; deleting twice is harmless).
CREATE OR REPLACE FUNCTION ledgerdesk_outbox_prune(older_than timestamptz)
RETURNS integer
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public AS $$
DECLARE
  removed integer;
BEGIN
  DELETE FROM mailbox_changes WHERE state IN ('done', 'failed', 'cancelled') AND settled_at < older_than;
  GET DIAGNOSTICS removed = ROW_COUNT;
  DELETE FROM triage_actions a WHERE a.created_at < older_than
    AND NOT EXISTS (SELECT 1 FROM mailbox_changes c WHERE c.action_id = a.id);
  RETURN removed;
END
$$;--> statement-breakpoint
REVOKE ALL ON FUNCTION ledgerdesk_outbox_prune(timestamptz) FROM PUBLIC;--> statement-breakpoint
GRANT EXECUTE ON FUNCTION ledgerdesk_outbox_prune(timestamptz) TO ledgerdesk_app;--> statement-breakpoint

-- A due snooze or a fired reminder brings an archived item back to the inbox: the mailbox follows through the
-- outbox (it used to move in Ledgerdesk only).
CREATE OR REPLACE FUNCTION ledgerdesk_queue_unarchive_on_return() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public AS $$
BEGIN
  IF NEW.raised_at IS DISTINCT FROM OLD.raised_at AND NEW.status = 'inbox'
    AND OLD.metadata->>'exchange_folder_state' IN ('archive', 'archived')
    AND NEW.email_integration_id IS NOT NULL AND NEW.email_message_id IS NOT NULL THEN
    INSERT INTO mailbox_changes (user_id, email_integration_id, triage_item_id, email_message_id, operation, previous)
      VALUES (NEW.user_id, NEW.email_integration_id, NEW.id, NEW.email_message_id, 'unarchive',
        jsonb_build_object('status', OLD.status, 'folder',
          jsonb_strip_nulls(jsonb_build_object('mail_folder', OLD.metadata->'mail_folder',
            'exchange_folder_state', OLD.metadata->'exchange_folder_state'))));
    NEW.metadata := (NEW.metadata - 'exchange_folder_state') || '{"mail_folder": "inbox"}'::jsonb;
  END IF;
  RETURN NEW;
END
$$;--> statement-breakpoint
DROP TRIGGER IF EXISTS triage_items_queue_unarchive_on_return ON triage_items;--> statement-breakpoint
CREATE TRIGGER triage_items_queue_unarchive_on_return
  BEFORE UPDATE OF raised_at ON triage_items
  FOR EACH ROW EXECUTE FUNCTION ledgerdesk_queue_unarchive_on_return();--> statement-breakpoint

-- Notices for one user's open streams (a change the mailbox refused for good, a held mail that failed to send).
CREATE OR REPLACE FUNCTION ledgerdesk_notify_user(target_user text, notice jsonb) RETURNS void
LANGUAGE sql AS $$
  SELECT pg_notify('ledgerdesk_user_notices', (notice || jsonb_build_object('userId', target_user))::text)
$$;
