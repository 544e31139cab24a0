-- The rules acting on a mailbox, fingerprinted by one short row per owner (issue 31, decision 025): each user's
-- personal rules and each firm's rules have a version that every insert, update or delete of one of their rules
-- raises, in the writing transaction (a trigger), and a count. A sync page compares two versions instead of
-- reading and hashing every rule (row-level security judged on each). Written only by the trigger below.
CREATE TABLE IF NOT EXISTS triage_rule_sets (
  -- 'u:' || user id, or 'f:' || firm id.
  owner text PRIMARY KEY,
  user_id text REFERENCES users(id) ON DELETE cascade,
  firm_id uuid REFERENCES firms(id) ON DELETE cascade,
  version bigint DEFAULT 1 NOT NULL,
  rule_count integer DEFAULT 0 NOT NULL,
  CONSTRAINT check_triage_rule_sets_owner CHECK ((user_id IS NULL) <> (firm_id IS NULL))
);--> statement-breakpoint
REVOKE INSERT, UPDATE, DELETE ON triage_rule_sets FROM ledgerdesk_app;--> statement-breakpoint
GRANT SELECT ON triage_rule_sets TO ledgerdesk_app;--> statement-breakpoint
ALTER TABLE triage_rule_sets ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE triage_rule_sets FORCE ROW LEVEL SECURITY;--> statement-breakpoint
-- Readable where the rules are: one's own, and one's firm's.
DROP POLICY IF EXISTS triage_rule_sets_read ON triage_rule_sets;--> statement-breakpoint
CREATE POLICY triage_rule_sets_read ON triage_rule_sets FOR SELECT
  USING (user_id = current_setting('app.user_id', true)
    OR (firm_id IS NOT NULL AND firm_id = ledgerdesk_current_firm_id()));--> statement-breakpoint

INSERT INTO triage_rule_sets (owner, user_id, firm_id, version, rule_count)
  SELECT coalesce('u:' || user_id, 'f:' || firm_id::text), user_id, firm_id, 1, count(*)
  FROM triage_rules GROUP BY user_id, firm_id
  ON CONFLICT (owner) DO NOTHING;--> statement-breakpoint

-- Raises the version of the owner of each rule written (both owners when a rule changes hands) and keeps the
-- count. A delete only updates: a user or firm deleted takes its row with it (cascade), never to be re-created.
CREATE OR REPLACE FUNCTION ledgerdesk_bump_rule_set() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public AS $$
DECLARE
  old_owner text;
  new_owner text;
BEGIN
  IF TG_OP <> 'INSERT' THEN
    old_owner := coalesce('u:' || OLD.user_id, 'f:' || OLD.firm_id::text);
  END IF;
  IF TG_OP <> 'DELETE' THEN
    new_owner := coalesce('u:' || NEW.user_id, 'f:' || NEW.firm_id::text);
  END IF;
  IF old_owner IS NOT NULL AND old_owner = new_owner THEN
    UPDATE triage_rule_sets SET version = version + 1 WHERE owner = old_owner;
    RETURN NULL;
  END IF;
  IF old_owner IS NOT NULL THEN
    UPDATE triage_rule_sets SET version = version + 1, rule_count = rule_count - 1 WHERE owner = old_owner;
  END IF;
  IF new_owner IS NOT NULL THEN
    INSERT INTO triage_rule_sets AS s (owner, user_id, firm_id, version, rule_count)
      VALUES (new_owner, NEW.user_id, NEW.firm_id, 1, 1)
      ON CONFLICT (owner) DO UPDATE SET version = s.version + 1, rule_count = s.rule_count + 1;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
REVOKE ALL ON FUNCTION ledgerdesk_bump_rule_set() FROM PUBLIC;--> statement-breakpoint
DROP TRIGGER IF EXISTS triage_rules_bump_rule_set ON triage_rules;--> statement-breakpoint
CREATE TRIGGER triage_rules_bump_rule_set AFTER INSERT OR UPDATE OR DELETE ON triage_rules
  FOR EACH ROW EXECUTE FUNCTION ledgerdesk_bump_rule_set();
--> statement-breakpoint

-- The fingerprint a sync page reads (rules-repository `ruleSetStamp`): the firm the mailbox is shared with, how
-- many rules its owner and that firm have, and their versions. A function so each connection plans it once (the
-- embedded database plans every statement it is sent); the caller's row-level security applies (invoker).
CREATE OR REPLACE FUNCTION ledgerdesk_rule_set_stamp(mailbox_owner text, integration uuid)
RETURNS TABLE (firm text, rules integer, versions text)
LANGUAGE plpgsql STABLE SET search_path = public AS $$
DECLARE
  shared_firm text;
BEGIN
  SELECT m.firm_id::text INTO shared_firm FROM firm_shared_mailboxes m WHERE m.email_integration_id = integration;
  RETURN QUERY
    SELECT coalesce(shared_firm, '-'), coalesce(sum(s.rule_count), 0)::integer,
      coalesce(string_agg(s.owner || '@' || s.version, ',' ORDER BY s.owner), '')
    FROM triage_rule_sets s
    WHERE s.owner = 'u:' || mailbox_owner OR s.owner = 'f:' || shared_firm;
END
$$;--> statement-breakpoint
REVOKE ALL ON FUNCTION ledgerdesk_rule_set_stamp(text, uuid) FROM PUBLIC;--> statement-breakpoint
GRANT EXECUTE ON FUNCTION ledgerdesk_rule_set_stamp(text, uuid) TO ledgerdesk_app;
