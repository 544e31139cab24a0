-- Firms, members, invitations and shared mailboxes (issue 15, decision 012). A user belongs to at most one
-- firm. A mailbox shared with the firm keeps its owner: its items stay the owner's rows (one sync, one item
-- per message for the whole firm), and row-level security shows them to the firm's members as well.
CREATE TABLE IF NOT EXISTS firms (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  name text NOT NULL,
  created_by text NOT NULL REFERENCES users(id) ON DELETE cascade,
  created_at timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT check_firms_name CHECK (char_length(name) BETWEEN 1 AND 80)
);--> statement-breakpoint
CREATE TABLE IF NOT EXISTS firm_members (
  -- One row per user: at most one firm each.
  user_id text PRIMARY KEY NOT NULL REFERENCES users(id) ON DELETE cascade,
  firm_id uuid NOT NULL REFERENCES firms(id) ON DELETE cascade,
  role text NOT NULL,
  joined_at timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT check_firm_members_role CHECK (role IN ('owner', 'member'))
);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS firm_members_firm_idx ON firm_members (firm_id);--> statement-breakpoint
CREATE TABLE IF NOT EXISTS firm_invitations (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  firm_id uuid NOT NULL REFERENCES firms(id) ON DELETE cascade,
  email text NOT NULL,
  -- SHA-256 of the signed token; the token itself is shown once and never stored.
  token_hash text NOT NULL UNIQUE,
  invited_by text NOT NULL REFERENCES users(id) ON DELETE cascade,
  expires_at timestamp with time zone NOT NULL,
  accepted_at timestamp with time zone,
  accepted_by text REFERENCES users(id) ON DELETE set null,
  created_at timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT check_firm_invitations_email CHECK (char_length(email) BETWEEN 3 AND 254)
);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS firm_invitations_firm_idx ON firm_invitations (firm_id);--> statement-breakpoint
CREATE TABLE IF NOT EXISTS firm_shared_mailboxes (
  email_integration_id uuid PRIMARY KEY NOT NULL REFERENCES email_integrations(id) ON DELETE cascade,
  firm_id uuid NOT NULL REFERENCES firms(id) ON DELETE cascade,
  owner_user_id text NOT NULL REFERENCES users(id) ON DELETE cascade,
  -- Copied at share time so members can name the mailbox without reading the owner's integration row.
  email_address text NOT NULL,
  provider text NOT NULL,
  shared_at timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS firm_shared_mailboxes_firm_idx ON firm_shared_mailboxes (firm_id);--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON firms, firm_members, firm_invitations, firm_shared_mailboxes TO ledgerdesk_app;--> statement-breakpoint

-- Narrow definer functions the policies call (a policy reading firm_members under its own policy would
-- recurse). Each answers only about the user the transaction runs for.
CREATE OR REPLACE FUNCTION ledgerdesk_current_firm_id() RETURNS uuid
LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public AS $$
  SELECT firm_id FROM firm_members WHERE user_id = current_setting('app.user_id', true)
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION ledgerdesk_is_firm_owner(firm uuid) RETURNS boolean
LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public AS $$
  SELECT EXISTS (SELECT 1 FROM firm_members
    WHERE user_id = current_setting('app.user_id', true) AND firm_id = firm AND role = 'owner')
$$;--> statement-breakpoint
-- The mailboxes shared with the current user's firm whose owner is still a member of it, with their owners.
CREATE OR REPLACE FUNCTION ledgerdesk_shared_mailboxes()
RETURNS TABLE (integration_id uuid, owner_user_id text)
LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public AS $$
  SELECT s.email_integration_id, s.owner_user_id
  FROM firm_members me
  JOIN firm_shared_mailboxes s ON s.firm_id = me.firm_id
  JOIN firm_members o ON o.user_id = s.owner_user_id AND o.firm_id = s.firm_id
  WHERE me.user_id = current_setting('app.user_id', true)
$$;--> statement-breakpoint
REVOKE ALL ON FUNCTION ledgerdesk_current_firm_id() FROM PUBLIC;--> statement-breakpoint
REVOKE ALL ON FUNCTION ledgerdesk_is_firm_owner(uuid) FROM PUBLIC;--> statement-breakpoint
REVOKE ALL ON FUNCTION ledgerdesk_shared_mailboxes() FROM PUBLIC;--> statement-breakpoint
GRANT EXECUTE ON FUNCTION ledgerdesk_current_firm_id() TO ledgerdesk_app;--> statement-breakpoint
GRANT EXECUTE ON FUNCTION ledgerdesk_is_firm_owner(uuid) TO ledgerdesk_app;--> statement-breakpoint
GRANT EXECUTE ON FUNCTION ledgerdesk_shared_mailboxes() TO ledgerdesk_app;--> statement-breakpoint

ALTER TABLE firms ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE firms FORCE ROW LEVEL SECURITY;--> statement-breakpoint
DROP POLICY IF EXISTS firms_member_read ON firms;--> statement-breakpoint
CREATE POLICY firms_member_read ON firms FOR SELECT USING (id = ledgerdesk_current_firm_id());--> statement-breakpoint
DROP POLICY IF EXISTS firms_owner_write ON firms;--> statement-breakpoint
CREATE POLICY firms_owner_write ON firms FOR UPDATE
  USING (ledgerdesk_is_firm_owner(id)) WITH CHECK (ledgerdesk_is_firm_owner(id));--> statement-breakpoint
DROP POLICY IF EXISTS firms_owner_delete ON firms;--> statement-breakpoint
CREATE POLICY firms_owner_delete ON firms FOR DELETE USING (ledgerdesk_is_firm_owner(id));--> statement-breakpoint

-- Members are only ever added by the two definer functions below (creating a firm, accepting an invitation).
ALTER TABLE firm_members ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE firm_members FORCE ROW LEVEL SECURITY;--> statement-breakpoint
DROP POLICY IF EXISTS firm_members_read ON firm_members;--> statement-breakpoint
CREATE POLICY firm_members_read ON firm_members FOR SELECT USING (firm_id = ledgerdesk_current_firm_id());--> statement-breakpoint
DROP POLICY IF EXISTS firm_members_leave_or_remove ON firm_members;--> statement-breakpoint
CREATE POLICY firm_members_leave_or_remove ON firm_members FOR DELETE
  USING (user_id = current_setting('app.user_id', true) OR ledgerdesk_is_firm_owner(firm_id));--> statement-breakpoint

ALTER TABLE firm_invitations ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE firm_invitations FORCE ROW LEVEL SECURITY;--> statement-breakpoint
DROP POLICY IF EXISTS firm_invitations_owner ON firm_invitations;--> statement-breakpoint
CREATE POLICY firm_invitations_owner ON firm_invitations
  USING (ledgerdesk_is_firm_owner(firm_id))
  WITH CHECK (ledgerdesk_is_firm_owner(firm_id) AND invited_by = current_setting('app.user_id', true));--> statement-breakpoint

ALTER TABLE firm_shared_mailboxes ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE firm_shared_mailboxes FORCE ROW LEVEL SECURITY;--> statement-breakpoint
DROP POLICY IF EXISTS firm_shared_mailboxes_read ON firm_shared_mailboxes;--> statement-breakpoint
CREATE POLICY firm_shared_mailboxes_read ON firm_shared_mailboxes FOR SELECT
  USING (firm_id = ledgerdesk_current_firm_id());--> statement-breakpoint
-- Only a mailbox's owner shares it (the integration row must be visible to them: their own), with their firm.
DROP POLICY IF EXISTS firm_shared_mailboxes_share ON firm_shared_mailboxes;--> statement-breakpoint
CREATE POLICY firm_shared_mailboxes_share ON firm_shared_mailboxes FOR INSERT
  WITH CHECK (owner_user_id = current_setting('app.user_id', true) AND firm_id = ledgerdesk_current_firm_id()
    AND EXISTS (SELECT 1 FROM email_integrations i
      WHERE i.id = email_integration_id AND i.user_id = current_setting('app.user_id', true)));--> statement-breakpoint
DROP POLICY IF EXISTS firm_shared_mailboxes_unshare ON firm_shared_mailboxes;--> statement-breakpoint
CREATE POLICY firm_shared_mailboxes_unshare ON firm_shared_mailboxes FOR DELETE
  USING (owner_user_id = current_setting('app.user_id', true));--> statement-breakpoint

-- A member who leaves or is removed takes their shared mailboxes with them.
CREATE OR REPLACE FUNCTION ledgerdesk_on_firm_member_gone() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public AS $$
BEGIN
  DELETE FROM firm_shared_mailboxes WHERE owner_user_id = OLD.user_id AND firm_id = OLD.firm_id;
  RETURN NULL;
END
$$;--> statement-breakpoint
REVOKE ALL ON FUNCTION ledgerdesk_on_firm_member_gone() FROM PUBLIC;--> statement-breakpoint
DROP TRIGGER IF EXISTS firm_members_gone ON firm_members;--> statement-breakpoint
CREATE TRIGGER firm_members_gone AFTER DELETE ON firm_members
  FOR EACH ROW EXECUTE FUNCTION ledgerdesk_on_firm_member_gone();--> statement-breakpoint

-- Creating a firm makes its creator the owner, in one step; answers null for a user already in a firm.
CREATE OR REPLACE FUNCTION ledgerdesk_create_firm(firm_name text) RETURNS uuid
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public AS $$
DECLARE
  me text := current_setting('app.user_id', true);
  created uuid;
BEGIN
  IF me IS NULL OR me = '' THEN RAISE EXCEPTION 'no user' USING ERRCODE = '42501'; END IF;
  IF EXISTS (SELECT 1 FROM firm_members WHERE user_id = me) THEN RETURN NULL; END IF;
  INSERT INTO firms (name, created_by) VALUES (firm_name, me) RETURNING id INTO created;
  INSERT INTO firm_members (user_id, firm_id, role) VALUES (me, created, 'owner');
  RETURN created;
END
$$;--> statement-breakpoint
REVOKE ALL ON FUNCTION ledgerdesk_create_firm(text) FROM PUBLIC;--> statement-breakpoint
GRANT EXECUTE ON FUNCTION ledgerdesk_create_firm(text) TO ledgerdesk_app;--> statement-breakpoint

-- Accepting an invitation by its token's hash: single use (locked, then marked), refused once expired, and
-- refused for a user already in a firm. Answers 'joined', 'invalid', 'expired', 'used' or 'already_in_firm'.
CREATE OR REPLACE FUNCTION ledgerdesk_accept_firm_invitation(hash text, now_at timestamptz)
RETURNS TABLE (outcome text, firm_id uuid)
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public AS $$
DECLARE
  me text := current_setting('app.user_id', true);
  invitation firm_invitations%ROWTYPE;
BEGIN
  IF me IS NULL OR me = '' THEN RAISE EXCEPTION 'no user' USING ERRCODE = '42501'; END IF;
  SELECT * INTO invitation FROM firm_invitations i WHERE i.token_hash = hash FOR UPDATE;
  IF NOT FOUND THEN outcome := 'invalid'; RETURN NEXT; RETURN; END IF;
  firm_id := invitation.firm_id;
  IF invitation.accepted_at IS NOT NULL THEN outcome := 'used'; RETURN NEXT; RETURN; END IF;
  IF invitation.expires_at <= now_at THEN outcome := 'expired'; RETURN NEXT; RETURN; END IF;
  IF EXISTS (SELECT 1 FROM firm_members m WHERE m.user_id = me) THEN
    outcome := 'already_in_firm'; RETURN NEXT; RETURN;
  END IF;
  UPDATE firm_invitations SET accepted_at = now_at, accepted_by = me WHERE id = invitation.id;
  INSERT INTO firm_members (user_id, firm_id, role) VALUES (me, invitation.firm_id, 'member');
  outcome := 'joined';
  RETURN NEXT;
END
$$;--> statement-breakpoint
REVOKE ALL ON FUNCTION ledgerdesk_accept_firm_invitation(text, timestamptz) FROM PUBLIC;--> statement-breakpoint
GRANT EXECUTE ON FUNCTION ledgerdesk_accept_firm_invitation(text, timestamptz) TO ledgerdesk_app;--> statement-breakpoint

-- Row-level security grows: a user's own rows, plus the rows of mailboxes shared with the user's firm (whose
-- owner stays the row's user_id, checked on the way in as well as out).
DROP POLICY IF EXISTS triage_items_owner ON triage_items;--> statement-breakpoint
DROP POLICY IF EXISTS triage_items_owner_or_firm ON triage_items;--> statement-breakpoint
CREATE POLICY triage_items_owner_or_firm ON triage_items
  USING (user_id = current_setting('app.user_id', true)
    OR (email_integration_id, user_id) IN (SELECT s.integration_id, s.owner_user_id FROM ledgerdesk_shared_mailboxes() s))
  WITH CHECK (user_id = current_setting('app.user_id', true)
    OR (email_integration_id, user_id) IN (SELECT s.integration_id, s.owner_user_id FROM ledgerdesk_shared_mailboxes() s));--> statement-breakpoint
DROP POLICY IF EXISTS triage_item_buckets_owner ON triage_item_buckets;--> statement-breakpoint
DROP POLICY IF EXISTS triage_item_buckets_owner_or_firm ON triage_item_buckets;--> statement-breakpoint
CREATE POLICY triage_item_buckets_owner_or_firm ON triage_item_buckets
  USING (user_id = current_setting('app.user_id', true)
    OR (mailbox_id, user_id) IN (SELECT s.integration_id, s.owner_user_id FROM ledgerdesk_shared_mailboxes() s));--> statement-breakpoint
CREATE OR REPLACE FUNCTION ledgerdesk_search_triage_items(pattern text)
RETURNS SETOF triage_items
LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public ROWS 200 AS $$
  SELECT t.* FROM triage_items t
  WHERE (t.user_id = current_setting('app.user_id', true)
      OR (t.email_integration_id, t.user_id) IN (SELECT s.integration_id, s.owner_user_id FROM ledgerdesk_shared_mailboxes() s))
    AND t.search_text LIKE pattern
$$;--> statement-breakpoint

-- Realtime: the item's mailbox travels with each change (members' streams follow shared mailboxes), and a change
-- of membership or sharing is announced on the same channel so open streams re-check what they may see.
CREATE OR REPLACE FUNCTION notify_triage_item_change() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  changed triage_items%ROWTYPE;
  raised boolean := false;
BEGIN
  IF TG_OP = 'DELETE' THEN changed := OLD; ELSE changed := NEW; END IF;
  IF TG_OP = 'UPDATE' THEN
    raised := NEW.raised_at IS NOT NULL AND NEW.raised_at IS DISTINCT FROM OLD.raised_at;
  END IF;
  PERFORM pg_notify(
    'triage_item_changes',
    json_build_object('op', TG_OP, 'userId', changed.user_id, 'id', changed.id, 'threadKey', changed.thread_key,
      'raised', raised, 'mailboxId', changed.email_integration_id)::text
  );
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION ledgerdesk_notify_firm_change() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  firm uuid;
BEGIN
  IF TG_OP = 'DELETE' THEN firm := OLD.firm_id; ELSE firm := NEW.firm_id; END IF;
  PERFORM pg_notify('triage_item_changes', json_build_object('op', 'FIRM', 'firmId', firm)::text);
  RETURN NULL;
END
$$;--> statement-breakpoint
DROP TRIGGER IF EXISTS firm_members_notify ON firm_members;--> statement-breakpoint
CREATE TRIGGER firm_members_notify AFTER INSERT OR DELETE ON firm_members
  FOR EACH ROW EXECUTE FUNCTION ledgerdesk_notify_firm_change();--> statement-breakpoint
DROP TRIGGER IF EXISTS firm_shared_mailboxes_notify ON firm_shared_mailboxes;--> statement-breakpoint
CREATE TRIGGER firm_shared_mailboxes_notify AFTER INSERT OR DELETE ON firm_shared_mailboxes
  FOR EACH ROW EXECUTE FUNCTION ledgerdesk_notify_firm_change();
