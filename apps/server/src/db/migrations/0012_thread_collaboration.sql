-- Thread collaboration (issue 15, decision 013): assignment with its history, internal comments with
-- @mentions, and the items that bring a thread to a colleague's own triage ("Assigned by Sam", a mention).
-- A thread is named by its data owner (the user whose rows hold it) and its thread key; a thread of a mailbox
-- shared with the firm is visible to every member, a personal thread only to its owner.
CREATE TABLE IF NOT EXISTS thread_assignments (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  owner_user_id text NOT NULL REFERENCES users(id) ON DELETE cascade,
  email_integration_id uuid REFERENCES email_integrations(id) ON DELETE cascade,
  thread_key text NOT NULL,
  -- null: unassigned
  assignee_user_id text REFERENCES users(id) ON DELETE cascade,
  assignee_name text,
  assigned_by text NOT NULL REFERENCES users(id) ON DELETE cascade,
  assigned_by_name text NOT NULL,
  todo_date date,
  comment text,
  cleared boolean NOT NULL DEFAULT false,
  created_at timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT check_thread_assignments_comment CHECK (comment IS NULL OR char_length(comment) <= 2000),
  CONSTRAINT check_thread_assignments_key CHECK (char_length(thread_key) BETWEEN 1 AND 1000)
);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS thread_assignments_thread_idx
  ON thread_assignments (owner_user_id, thread_key, created_at);--> statement-breakpoint
CREATE TABLE IF NOT EXISTS thread_comments (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  owner_user_id text NOT NULL REFERENCES users(id) ON DELETE cascade,
  email_integration_id uuid REFERENCES email_integrations(id) ON DELETE cascade,
  thread_key text NOT NULL,
  author_user_id text NOT NULL REFERENCES users(id) ON DELETE cascade,
  author_name text NOT NULL,
  body text NOT NULL,
  mentioned_user_ids text[] NOT NULL DEFAULT '{}',
  created_at timestamp with time zone DEFAULT now() NOT NULL,
  edited_at timestamp with time zone,
  CONSTRAINT check_thread_comments_body CHECK (char_length(body) BETWEEN 1 AND 5000),
  CONSTRAINT check_thread_comments_key CHECK (char_length(thread_key) BETWEEN 1 AND 1000)
);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS thread_comments_thread_idx
  ON thread_comments (owner_user_id, thread_key, created_at);--> statement-breakpoint
GRANT SELECT, INSERT ON thread_assignments TO ledgerdesk_app;--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON thread_comments TO ledgerdesk_app;--> statement-breakpoint

-- Whether the current user may see the thread of (owner, mailbox): their own, or a mailbox shared with their firm.
CREATE OR REPLACE FUNCTION ledgerdesk_can_see_thread(owner text, mailbox uuid) RETURNS boolean
LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public AS $$
  SELECT owner = current_setting('app.user_id', true)
    OR EXISTS (SELECT 1 FROM ledgerdesk_shared_mailboxes() s
      WHERE s.integration_id = mailbox AND s.owner_user_id = owner)
$$;--> statement-breakpoint
REVOKE ALL ON FUNCTION ledgerdesk_can_see_thread(text, uuid) FROM PUBLIC;--> statement-breakpoint
GRANT EXECUTE ON FUNCTION ledgerdesk_can_see_thread(text, uuid) TO ledgerdesk_app;--> statement-breakpoint

ALTER TABLE thread_assignments ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE thread_assignments FORCE ROW LEVEL SECURITY;--> statement-breakpoint
DROP POLICY IF EXISTS thread_assignments_read ON thread_assignments;--> statement-breakpoint
CREATE POLICY thread_assignments_read ON thread_assignments FOR SELECT
  USING (ledgerdesk_can_see_thread(owner_user_id, email_integration_id)
    OR assignee_user_id = current_setting('app.user_id', true));--> statement-breakpoint
DROP POLICY IF EXISTS thread_assignments_write ON thread_assignments;--> statement-breakpoint
CREATE POLICY thread_assignments_write ON thread_assignments FOR INSERT
  WITH CHECK (assigned_by = current_setting('app.user_id', true)
    AND ledgerdesk_can_see_thread(owner_user_id, email_integration_id));--> statement-breakpoint

ALTER TABLE thread_comments ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE thread_comments FORCE ROW LEVEL SECURITY;--> statement-breakpoint
DROP POLICY IF EXISTS thread_comments_read ON thread_comments;--> statement-breakpoint
CREATE POLICY thread_comments_read ON thread_comments FOR SELECT
  USING (ledgerdesk_can_see_thread(owner_user_id, email_integration_id));--> statement-breakpoint
DROP POLICY IF EXISTS thread_comments_post ON thread_comments;--> statement-breakpoint
CREATE POLICY thread_comments_post ON thread_comments FOR INSERT
  WITH CHECK (author_user_id = current_setting('app.user_id', true)
    AND ledgerdesk_can_see_thread(owner_user_id, email_integration_id));--> statement-breakpoint
-- Only the author edits (within 15 minutes of posting) and deletes, and only while the thread is theirs to see.
DROP POLICY IF EXISTS thread_comments_edit ON thread_comments;--> statement-breakpoint
CREATE POLICY thread_comments_edit ON thread_comments FOR UPDATE
  USING (author_user_id = current_setting('app.user_id', true)
    AND ledgerdesk_can_see_thread(owner_user_id, email_integration_id)
    AND created_at > now() - interval '15 minutes')
  WITH CHECK (author_user_id = current_setting('app.user_id', true));--> statement-breakpoint
DROP POLICY IF EXISTS thread_comments_delete ON thread_comments;--> statement-breakpoint
CREATE POLICY thread_comments_delete ON thread_comments FOR DELETE
  USING (author_user_id = current_setting('app.user_id', true)
    AND ledgerdesk_can_see_thread(owner_user_id, email_integration_id));--> statement-breakpoint

-- The firm's members with their handles (profiles are personal rows): for @mentions and the assignee picker.
CREATE OR REPLACE FUNCTION ledgerdesk_firm_member_handles()
RETURNS TABLE (user_id text, handle text)
LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public AS $$
  SELECT m.user_id, p.handle FROM firm_members m
  LEFT JOIN profiles p ON p.id = m.user_id
  WHERE m.firm_id = (SELECT firm_id FROM firm_members WHERE user_id = current_setting('app.user_id', true))
$$;--> statement-breakpoint
REVOKE ALL ON FUNCTION ledgerdesk_firm_member_handles() FROM PUBLIC;--> statement-breakpoint
GRANT EXECUTE ON FUNCTION ledgerdesk_firm_member_handles() TO ledgerdesk_app;--> statement-breakpoint

-- An item in a colleague's own triage pointing at a thread (an assignment or a mention): inserted for the
-- recipient, who must be the current user or a member of their firm. `thread_key` becomes the item's thread id,
-- so it groups with the thread; `metadata.link` says what brought it. Answers null for a recipient outside the firm.
CREATE OR REPLACE FUNCTION ledgerdesk_deliver_link_item(
  recipient text, item_type text, thread text, item_subject text, item_from text, preview text, meta jsonb
) RETURNS uuid
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public AS $$
DECLARE
  me text := current_setting('app.user_id', true);
  created uuid;
BEGIN
  IF me IS NULL OR me = '' THEN RAISE EXCEPTION 'no user' USING ERRCODE = '42501'; END IF;
  IF item_type NOT IN ('email', 'mention') OR NOT (meta ? 'link') THEN
    RAISE EXCEPTION 'not a link item' USING ERRCODE = '22023';
  END IF;
  IF recipient <> me AND NOT EXISTS (
    SELECT 1 FROM firm_members a JOIN firm_members b ON b.firm_id = a.firm_id
    WHERE a.user_id = me AND b.user_id = recipient
  ) THEN
    RETURN NULL;
  END IF;
  INSERT INTO triage_items (user_id, type, status, is_read, subject, from_address, preview_content,
    email_thread_id, metadata, time)
  VALUES (recipient, item_type, 'inbox', false, item_subject, item_from, preview, thread, meta, now())
  RETURNING id INTO created;
  RETURN created;
END
$$;--> statement-breakpoint
REVOKE ALL ON FUNCTION ledgerdesk_deliver_link_item(text, text, text, text, text, text, jsonb) FROM PUBLIC;--> statement-breakpoint
GRANT EXECUTE ON FUNCTION ledgerdesk_deliver_link_item(text, text, text, text, text, text, jsonb) TO ledgerdesk_app;--> statement-breakpoint

-- Takes back the assignment items a reassignment or an unassignment replaces (the history keeps them).
CREATE OR REPLACE FUNCTION ledgerdesk_withdraw_assignment_items(recipient text, thread text) RETURNS integer
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public AS $$
DECLARE
  me text := current_setting('app.user_id', true);
  removed integer;
BEGIN
  IF me IS NULL OR me = '' THEN RAISE EXCEPTION 'no user' USING ERRCODE = '42501'; END IF;
  IF recipient <> me AND NOT EXISTS (
    SELECT 1 FROM firm_members a JOIN firm_members b ON b.firm_id = a.firm_id
    WHERE a.user_id = me AND b.user_id = recipient
  ) THEN
    RETURN 0;
  END IF;
  DELETE FROM triage_items
  WHERE user_id = recipient AND email_thread_id = thread AND metadata->'link'->>'kind' = 'assignment';
  GET DIAGNOSTICS removed = ROW_COUNT;
  RETURN removed;
END
$$;--> statement-breakpoint
REVOKE ALL ON FUNCTION ledgerdesk_withdraw_assignment_items(text, text) FROM PUBLIC;--> statement-breakpoint
GRANT EXECUTE ON FUNCTION ledgerdesk_withdraw_assignment_items(text, text) TO ledgerdesk_app;--> statement-breakpoint

-- Comments travel on the realtime channel like item changes, so an open thread follows its discussion.
CREATE OR REPLACE FUNCTION ledgerdesk_notify_thread_comment() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  changed thread_comments%ROWTYPE;
BEGIN
  IF TG_OP = 'DELETE' THEN changed := OLD; ELSE changed := NEW; END IF;
  PERFORM pg_notify('triage_item_changes',
    json_build_object('op', 'COMMENT', 'userId', changed.owner_user_id, 'id', changed.id,
      'threadKey', changed.thread_key, 'mailboxId', changed.email_integration_id)::text);
  RETURN NULL;
END
$$;--> statement-breakpoint
DROP TRIGGER IF EXISTS thread_comments_notify ON thread_comments;--> statement-breakpoint
CREATE TRIGGER thread_comments_notify AFTER INSERT OR UPDATE OR DELETE ON thread_comments
  FOR EACH ROW EXECUTE FUNCTION ledgerdesk_notify_thread_comment();
