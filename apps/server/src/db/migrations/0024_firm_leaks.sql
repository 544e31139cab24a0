-- The firm's leaks (issue 27): what a removed member keeps, who hears firm events, invitations bound to their
-- address, and handles unique within a firm.

-- Pointer items (decision 013: an assignment or a mention of a colleague's shared thread in one's own triage)
-- go with the visibility that brought them. A member who leaves or is removed loses every pointer to a thread
-- that is not their own (their own mailboxes' shares go too, which the next trigger follows).
CREATE OR REPLACE FUNCTION ledgerdesk_on_firm_member_gone() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public AS $$
BEGIN
  DELETE FROM firm_shared_mailboxes WHERE owner_user_id = OLD.user_id AND firm_id = OLD.firm_id;
  DELETE FROM triage_items
  WHERE user_id = OLD.user_id AND metadata ? 'link'
    AND (metadata->'link'->>'owner_user_id') IS DISTINCT FROM OLD.user_id;
  RETURN NULL;
END
$$;--> statement-breakpoint
-- A mailbox no longer shared takes its pointers back from every other member of the firm.
CREATE OR REPLACE FUNCTION ledgerdesk_on_shared_mailbox_gone() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public AS $$
BEGIN
  DELETE FROM triage_items t
  WHERE t.user_id IN (SELECT m.user_id FROM firm_members m WHERE m.firm_id = OLD.firm_id)
    AND t.user_id <> OLD.owner_user_id
    AND t.metadata ? 'link'
    AND t.metadata->'link'->>'owner_user_id' = OLD.owner_user_id
    AND t.metadata->'link'->>'integration_id' = OLD.email_integration_id::text;
  RETURN NULL;
END
$$;--> statement-breakpoint
REVOKE ALL ON FUNCTION ledgerdesk_on_shared_mailbox_gone() FROM PUBLIC;--> statement-breakpoint
DROP TRIGGER IF EXISTS firm_shared_mailboxes_gone ON firm_shared_mailboxes;--> statement-breakpoint
CREATE TRIGGER firm_shared_mailboxes_gone AFTER DELETE ON firm_shared_mailboxes
  FOR EACH ROW EXECUTE FUNCTION ledgerdesk_on_shared_mailbox_gone();--> statement-breakpoint

-- A firm change names the firm and the user it concerns (the member who joined, left, was removed or changed
-- role; the owner of a mailbox shared or unshared), so only that firm's streams and that user's hear it.
CREATE OR REPLACE FUNCTION ledgerdesk_notify_firm_change() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  changed jsonb;
BEGIN
  IF TG_OP = 'DELETE' THEN changed := to_jsonb(OLD); ELSE changed := to_jsonb(NEW); END IF;
  PERFORM pg_notify('triage_item_changes', json_build_object('op', 'FIRM', 'firmId', changed->>'firm_id',
    'userId', coalesce(changed->>'user_id', changed->>'owner_user_id'))::text);
  RETURN NULL;
END
$$;--> statement-breakpoint

-- Handles are unique within a firm, case-insensitively: each membership holds the handle its member is
-- @mentioned by there. Joining takes the member's profile handle (else their email's local part), or, when a
-- colleague holds it already, the first free one with a number after it (sam, sam2, ...): joining never fails
-- for a handle. A member who types a handle a colleague holds is refused (update-profile answers 409).
CREATE OR REPLACE FUNCTION ledgerdesk_wanted_handle(member text) RETURNS text
LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public AS $$
  SELECT lower(CASE WHEN ltrim(btrim(coalesce(p.handle, '')), '@') ~ '^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$'
    THEN ltrim(btrim(p.handle), '@') ELSE split_part(u.email, '@', 1) END)
  FROM users u LEFT JOIN profiles p ON p.id = u.id WHERE u.id = member
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION ledgerdesk_free_firm_handle(firm uuid, wanted text, member text) RETURNS text
LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = public AS $$
DECLARE
  candidate text := wanted;
  n integer := 1;
BEGIN
  WHILE EXISTS (SELECT 1 FROM firm_members
      WHERE firm_id = firm AND lower(handle) = lower(candidate) AND user_id <> member) LOOP
    n := n + 1;
    candidate := left(wanted, 64 - length(n::text)) || n::text;
  END LOOP;
  RETURN candidate;
END
$$;--> statement-breakpoint
REVOKE ALL ON FUNCTION ledgerdesk_wanted_handle(text) FROM PUBLIC;--> statement-breakpoint
REVOKE ALL ON FUNCTION ledgerdesk_free_firm_handle(uuid, text, text) FROM PUBLIC;--> statement-breakpoint
ALTER TABLE firm_members ADD COLUMN IF NOT EXISTS handle text;--> statement-breakpoint
DO $$
DECLARE
  member record;
BEGIN
  FOR member IN SELECT user_id, firm_id FROM firm_members WHERE handle IS NULL ORDER BY joined_at, user_id LOOP
    UPDATE firm_members SET handle = ledgerdesk_free_firm_handle(member.firm_id,
      ledgerdesk_wanted_handle(member.user_id), member.user_id)
    WHERE user_id = member.user_id;
  END LOOP;
END
$$;--> statement-breakpoint
ALTER TABLE firm_members ALTER COLUMN handle SET NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS firm_members_handle_unique ON firm_members (firm_id, lower(handle));--> statement-breakpoint
-- Every way in (creating a firm, accepting an invitation) gets its handle here; the firm's row is locked first so
-- two people joining at once cannot pick the same free handle.
CREATE OR REPLACE FUNCTION ledgerdesk_firm_member_handle() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public AS $$
BEGIN
  IF NEW.handle IS NULL THEN
    PERFORM 1 FROM firms WHERE id = NEW.firm_id FOR UPDATE;
    NEW.handle := ledgerdesk_free_firm_handle(NEW.firm_id, ledgerdesk_wanted_handle(NEW.user_id), NEW.user_id);
  END IF;
  RETURN NEW;
END
$$;--> statement-breakpoint
REVOKE ALL ON FUNCTION ledgerdesk_firm_member_handle() FROM PUBLIC;--> statement-breakpoint
DROP TRIGGER IF EXISTS firm_members_handle ON firm_members;--> statement-breakpoint
CREATE TRIGGER firm_members_handle BEFORE INSERT ON firm_members
  FOR EACH ROW EXECUTE FUNCTION ledgerdesk_firm_member_handle();--> statement-breakpoint
-- A profile handle change follows into the membership: a handle typed by the member must be free in the firm
-- (else 'firm handle taken', SQLSTATE 23505); an emptied one falls back to the email's first free form.
CREATE OR REPLACE FUNCTION ledgerdesk_on_profile_handle_change() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public AS $$
DECLARE
  firm uuid;
  wanted text;
BEGIN
  SELECT firm_id INTO firm FROM firm_members WHERE user_id = NEW.id;
  IF firm IS NULL THEN RETURN NULL; END IF;
  PERFORM 1 FROM firms WHERE id = firm FOR UPDATE;
  wanted := ledgerdesk_wanted_handle(NEW.id);
  IF ltrim(btrim(coalesce(NEW.handle, '')), '@') ~ '^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$' THEN
    IF EXISTS (SELECT 1 FROM firm_members
        WHERE firm_id = firm AND lower(handle) = wanted AND user_id <> NEW.id) THEN
      RAISE EXCEPTION 'firm handle taken' USING ERRCODE = '23505', CONSTRAINT = 'firm_members_handle_unique';
    END IF;
  ELSE
    wanted := ledgerdesk_free_firm_handle(firm, wanted, NEW.id);
  END IF;
  UPDATE firm_members SET handle = wanted WHERE user_id = NEW.id AND handle IS DISTINCT FROM wanted;
  RETURN NULL;
END
$$;--> statement-breakpoint
REVOKE ALL ON FUNCTION ledgerdesk_on_profile_handle_change() FROM PUBLIC;--> statement-breakpoint
DROP TRIGGER IF EXISTS profiles_firm_handle ON profiles;--> statement-breakpoint
CREATE TRIGGER profiles_firm_handle AFTER UPDATE OF handle ON profiles
  FOR EACH ROW WHEN (OLD.handle IS DISTINCT FROM NEW.handle)
  EXECUTE FUNCTION ledgerdesk_on_profile_handle_change();--> statement-breakpoint
CREATE OR REPLACE FUNCTION ledgerdesk_firm_member_handles()
RETURNS TABLE (user_id text, handle text)
LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public AS $$
  SELECT m.user_id, m.handle FROM firm_members m
  WHERE m.firm_id = (SELECT firm_id FROM firm_members WHERE user_id = current_setting('app.user_id', true))
$$;--> statement-breakpoint

-- An invitation is for the address it was sent to (compared case-insensitively): another account is refused
-- with 'wrong_account'.
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
  IF NOT EXISTS (SELECT 1 FROM users u WHERE u.id = me AND lower(u.email) = lower(invitation.email)) THEN
    outcome := 'wrong_account'; RETURN NEXT; RETURN;
  END IF;
  IF EXISTS (SELECT 1 FROM firm_members m WHERE m.user_id = me) THEN
    outcome := 'already_in_firm'; RETURN NEXT; RETURN;
  END IF;
  UPDATE firm_invitations SET accepted_at = now_at, accepted_by = me WHERE id = invitation.id;
  INSERT INTO firm_members (user_id, firm_id, role) VALUES (me, invitation.firm_id, 'member');
  outcome := 'joined';
  RETURN NEXT;
END
$$;--> statement-breakpoint
-- What the join page shows before accepting: the firm's name and the address the invitation is for, to whoever
-- holds the link (the token is the secret). No row for an unknown token.
CREATE OR REPLACE FUNCTION ledgerdesk_firm_invitation_preview(hash text)
RETURNS TABLE (firm_name text, email text, expires_at timestamptz, accepted boolean)
LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public AS $$
  SELECT f.name, i.email, i.expires_at, i.accepted_at IS NOT NULL
  FROM firm_invitations i JOIN firms f ON f.id = i.firm_id
  WHERE i.token_hash = hash
$$;--> statement-breakpoint
REVOKE ALL ON FUNCTION ledgerdesk_firm_invitation_preview(text) FROM PUBLIC;--> statement-breakpoint
GRANT EXECUTE ON FUNCTION ledgerdesk_firm_invitation_preview(text) TO ledgerdesk_app;
