-- Firm roles change (issue 15): an owner makes a member an owner or an owner a member. A firm keeps at least one
-- owner: the change locks the firm's row first (as an owner leaving does), so two owners demoting each other or
-- leaving at once cannot leave it with none. Answers 'ok', 'not_owner', 'not_found' or 'last_owner'.
CREATE OR REPLACE FUNCTION ledgerdesk_set_firm_member_role(member text, new_role text) RETURNS text
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public AS $$
DECLARE
  me text := current_setting('app.user_id', true);
  my_firm uuid;
  target_role text;
BEGIN
  IF me IS NULL OR me = '' THEN RAISE EXCEPTION 'no user' USING ERRCODE = '42501'; END IF;
  IF new_role NOT IN ('owner', 'member') THEN RETURN 'invalid'; END IF;
  SELECT firm_id INTO my_firm FROM firm_members WHERE user_id = me;
  IF my_firm IS NULL THEN RETURN 'not_owner'; END IF;
  PERFORM 1 FROM firms WHERE id = my_firm FOR UPDATE;
  IF NOT EXISTS (SELECT 1 FROM firm_members WHERE user_id = me AND firm_id = my_firm AND role = 'owner') THEN
    RETURN 'not_owner';
  END IF;
  SELECT role INTO target_role FROM firm_members WHERE user_id = member AND firm_id = my_firm FOR UPDATE;
  IF target_role IS NULL THEN RETURN 'not_found'; END IF;
  IF target_role = new_role THEN RETURN 'ok'; END IF;
  IF new_role = 'member' AND NOT EXISTS (
    SELECT 1 FROM firm_members WHERE firm_id = my_firm AND role = 'owner' AND user_id <> member
  ) THEN
    RETURN 'last_owner';
  END IF;
  UPDATE firm_members SET role = new_role WHERE user_id = member AND firm_id = my_firm;
  RETURN 'ok';
END
$$;--> statement-breakpoint
REVOKE ALL ON FUNCTION ledgerdesk_set_firm_member_role(text, text) FROM PUBLIC;--> statement-breakpoint
GRANT EXECUTE ON FUNCTION ledgerdesk_set_firm_member_role(text, text) TO ledgerdesk_app;--> statement-breakpoint
-- A role change is announced like joining and leaving, so open screens refetch the firm.
DROP TRIGGER IF EXISTS firm_members_notify ON firm_members;--> statement-breakpoint
CREATE TRIGGER firm_members_notify AFTER INSERT OR UPDATE OR DELETE ON firm_members
  FOR EACH ROW EXECUTE FUNCTION ledgerdesk_notify_firm_change();
