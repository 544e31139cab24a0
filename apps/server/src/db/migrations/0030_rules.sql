-- Rules (issue 31, decision 025). Personal rules belong to a user; firm rules to a firm (owners manage them, they
-- act only on mailboxes shared with the firm). Each edit raises a rule's version; a rule is applied to a message
-- once per version, recorded in triage_rule_applications under a unique key (insert … on conflict do nothing),
-- so two nodes and a re-sync of the same message never apply it twice. Self-contained: it only reads tables and
-- functions of earlier migrations.

CREATE TABLE IF NOT EXISTS triage_rules (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id text REFERENCES users(id) ON DELETE cascade,
  firm_id uuid REFERENCES firms(id) ON DELETE cascade,
  created_by text REFERENCES users(id) ON DELETE set null,
  name text NOT NULL,
  match text DEFAULT 'all' NOT NULL,
  conditions jsonb NOT NULL,
  actions jsonb NOT NULL,
  stop_here boolean DEFAULT false NOT NULL,
  is_enabled boolean DEFAULT true NOT NULL,
  position integer NOT NULL,
  version integer DEFAULT 1 NOT NULL,
  -- Why the rule was switched off by the engine (a member removed, a client deleted); null when a person did.
  disabled_reason text,
  created_at timestamp with time zone DEFAULT now() NOT NULL,
  updated_at timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT check_triage_rules_owner CHECK ((user_id IS NULL) <> (firm_id IS NULL)),
  CONSTRAINT check_triage_rules_match CHECK (match IN ('all', 'any')),
  CONSTRAINT check_triage_rules_name CHECK (char_length(name) BETWEEN 1 AND 100),
  CONSTRAINT check_triage_rules_conditions CHECK (jsonb_typeof(conditions) = 'array'
    AND jsonb_array_length(conditions) BETWEEN 1 AND 20),
  CONSTRAINT check_triage_rules_actions CHECK (jsonb_typeof(actions) = 'array'
    AND jsonb_array_length(actions) BETWEEN 1 AND 10),
  CONSTRAINT check_triage_rules_version CHECK (version >= 1)
);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS triage_rules_user_idx ON triage_rules (user_id, position) WHERE user_id IS NOT NULL;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS triage_rules_firm_idx ON triage_rules (firm_id, position) WHERE firm_id IS NOT NULL;--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON triage_rules TO ledgerdesk_app;--> statement-breakpoint
ALTER TABLE triage_rules ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE triage_rules FORCE ROW LEVEL SECURITY;--> statement-breakpoint
-- One's own personal rules, and the rules of one's firm; another member's personal rules are never visible.
DROP POLICY IF EXISTS triage_rules_read ON triage_rules;--> statement-breakpoint
CREATE POLICY triage_rules_read ON triage_rules FOR SELECT
  USING (user_id = current_setting('app.user_id', true)
    OR (firm_id IS NOT NULL AND firm_id = ledgerdesk_current_firm_id()));--> statement-breakpoint
-- Writes: one's own personal rules; firm rules only by the firm's owners.
DROP POLICY IF EXISTS triage_rules_insert ON triage_rules;--> statement-breakpoint
CREATE POLICY triage_rules_insert ON triage_rules FOR INSERT
  WITH CHECK (user_id = current_setting('app.user_id', true)
    OR (firm_id = ledgerdesk_current_firm_id() AND ledgerdesk_is_firm_owner(firm_id)));--> statement-breakpoint
DROP POLICY IF EXISTS triage_rules_update ON triage_rules;--> statement-breakpoint
CREATE POLICY triage_rules_update ON triage_rules FOR UPDATE
  USING (user_id = current_setting('app.user_id', true)
    OR (firm_id = ledgerdesk_current_firm_id() AND ledgerdesk_is_firm_owner(firm_id)))
  WITH CHECK (user_id = current_setting('app.user_id', true)
    OR (firm_id = ledgerdesk_current_firm_id() AND ledgerdesk_is_firm_owner(firm_id)));--> statement-breakpoint
DROP POLICY IF EXISTS triage_rules_delete ON triage_rules;--> statement-breakpoint
CREATE POLICY triage_rules_delete ON triage_rules FOR DELETE
  USING (user_id = current_setting('app.user_id', true)
    OR (firm_id = ledgerdesk_current_firm_id() AND ledgerdesk_is_firm_owner(firm_id)));--> statement-breakpoint

-- How often each rule matched and when last: readable where the rule is, written only by the definer below
-- (a member's sync counts a firm rule it cannot edit).
CREATE TABLE IF NOT EXISTS triage_rule_stats (
  rule_id uuid PRIMARY KEY REFERENCES triage_rules(id) ON DELETE cascade,
  match_count bigint DEFAULT 0 NOT NULL,
  last_matched_at timestamp with time zone
);--> statement-breakpoint
GRANT SELECT ON triage_rule_stats TO ledgerdesk_app;--> statement-breakpoint
ALTER TABLE triage_rule_stats ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE triage_rule_stats FORCE ROW LEVEL SECURITY;--> statement-breakpoint
DROP POLICY IF EXISTS triage_rule_stats_read ON triage_rule_stats;--> statement-breakpoint
CREATE POLICY triage_rule_stats_read ON triage_rule_stats FOR SELECT
  USING (EXISTS (SELECT 1 FROM triage_rules r WHERE r.id = rule_id));--> statement-breakpoint

-- Each (message, rule, version) applied once. Keyed by the message (mailbox + provider id), not the item, so a
-- reset that deletes and refiles the items does not apply the rule again. Readable by the mailbox's owner and,
-- for a shared mailbox, its firm (the thread's history).
CREATE TABLE IF NOT EXISTS triage_rule_applications (
  email_integration_id uuid NOT NULL REFERENCES email_integrations(id) ON DELETE cascade,
  email_message_id text NOT NULL,
  rule_id uuid NOT NULL REFERENCES triage_rules(id) ON DELETE cascade,
  rule_version integer NOT NULL,
  user_id text NOT NULL REFERENCES users(id) ON DELETE cascade,
  triage_item_id uuid REFERENCES triage_items(id) ON DELETE set null,
  thread_key text,
  action_id uuid REFERENCES triage_actions(id) ON DELETE set null,
  label text NOT NULL,
  applied_at timestamp with time zone DEFAULT now() NOT NULL,
  PRIMARY KEY (email_integration_id, email_message_id, rule_id, rule_version)
);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS triage_rule_applications_thread_idx
  ON triage_rule_applications (user_id, thread_key, applied_at);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS triage_rule_applications_action_idx
  ON triage_rule_applications (action_id) WHERE action_id IS NOT NULL;--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE ON triage_rule_applications TO ledgerdesk_app;--> statement-breakpoint
ALTER TABLE triage_rule_applications ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE triage_rule_applications FORCE ROW LEVEL SECURITY;--> statement-breakpoint
DROP POLICY IF EXISTS triage_rule_applications_owner_or_firm ON triage_rule_applications;--> statement-breakpoint
CREATE POLICY triage_rule_applications_owner_or_firm ON triage_rule_applications
  USING (user_id = current_setting('app.user_id', true)
    OR email_integration_id IN (SELECT integration_id FROM ledgerdesk_shared_mailboxes()))
  WITH CHECK (user_id = current_setting('app.user_id', true)
    OR email_integration_id IN (SELECT integration_id FROM ledgerdesk_shared_mailboxes()));--> statement-breakpoint

-- Counts matches of rules the caller can read (own personal rules, their firm's rules): {"<rule id>": n, …}.
CREATE OR REPLACE FUNCTION ledgerdesk_count_rule_matches(counts jsonb, at timestamptz) RETURNS void
LANGUAGE sql VOLATILE SECURITY DEFINER SET search_path = public AS $$
  INSERT INTO triage_rule_stats AS s (rule_id, match_count, last_matched_at)
  SELECT r.id, c.value::bigint, at
  FROM jsonb_each_text(counts) c
  JOIN triage_rules r ON r.id = c.key::uuid
  WHERE r.user_id = current_setting('app.user_id', true)
    OR (r.firm_id IS NOT NULL AND r.firm_id = ledgerdesk_current_firm_id())
  ON CONFLICT (rule_id) DO UPDATE SET match_count = s.match_count + excluded.match_count,
    last_matched_at = greatest(s.last_matched_at, excluded.last_matched_at)
$$;--> statement-breakpoint
REVOKE ALL ON FUNCTION ledgerdesk_count_rule_matches(jsonb, timestamptz) FROM PUBLIC;--> statement-breakpoint
GRANT EXECUTE ON FUNCTION ledgerdesk_count_rule_matches(jsonb, timestamptz) TO ledgerdesk_app;--> statement-breakpoint

-- Switches off a rule that can no longer act (a sync found its member or client gone), with the reason; only a
-- rule the caller can read. Answers the rule's name when it was on, so the caller sends one notice.
CREATE OR REPLACE FUNCTION ledgerdesk_switch_off_rule(rule uuid, reason text) RETURNS text
LANGUAGE sql VOLATILE SECURITY DEFINER SET search_path = public AS $$
  UPDATE triage_rules r SET is_enabled = false, disabled_reason = left(reason, 300), updated_at = now()
  WHERE r.id = rule AND r.is_enabled
    AND (r.user_id = current_setting('app.user_id', true)
      OR (r.firm_id IS NOT NULL AND r.firm_id = ledgerdesk_current_firm_id()))
  RETURNING r.name
$$;--> statement-breakpoint
REVOKE ALL ON FUNCTION ledgerdesk_switch_off_rule(uuid, text) FROM PUBLIC;--> statement-breakpoint
GRANT EXECUTE ON FUNCTION ledgerdesk_switch_off_rule(uuid, text) TO ledgerdesk_app;
