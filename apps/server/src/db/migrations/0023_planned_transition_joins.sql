-- Issue 12: the two statement triggers that join a statement's old and new rows (the search rows' refresh and
-- the realtime announcement of updates) cost time in the square of the rows changed. PL/pgSQL plans a query
-- without parameters once per connection and keeps that plan; a transition table's row estimate is its size at
-- that first call, and the first call is usually a one-item action or a push's one-row write. Planned for one
-- row, the join is a nested loop, so a bulk of 500 compared 250,000 pairs in each trigger (~30 ms each on
-- PostgreSQL 15, most of a bulk action's time; 1,000 rows: four times that). Run with EXECUTE, the join is
-- planned at every call for the rows it has (a hash join for a bulk, a nested loop for one row); planning costs
-- a fraction of a millisecond. The queries themselves are unchanged. test/db/transition-joins.test.ts keeps every
-- trigger function that joins its transition tables on this path.

CREATE OR REPLACE FUNCTION ledgerdesk_sync_item_search() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO triage_item_search (item_id, user_id, email_integration_id, search_text)
    SELECT n.id, n.user_id, n.email_integration_id, ledgerdesk_item_search_text(n.subject, n.from_address,
      n.email_message_id, n.email_thread_id, n.preview_content, n.extracted_references, n.metadata)
    FROM new_items n
    ON CONFLICT (item_id) DO NOTHING;
  ELSE
    -- Materialized, so the comparison runs first and the planner cannot compute the text of every row to
    -- compare it with the stored one (it did: 5–6 ms for a bulk clear that changes no text). Planned per call.
    EXECUTE $query$
    WITH changed AS MATERIALIZED (
      SELECT n.id, n.user_id, n.email_integration_id, n.subject, n.from_address, n.email_message_id,
        n.email_thread_id, n.preview_content, n.extracted_references, n.metadata
      FROM new_items n JOIN old_items o ON o.id = n.id
      WHERE (n.user_id, n.email_integration_id, n.subject, n.from_address, n.email_message_id, n.email_thread_id,
          n.preview_content, n.extracted_references)
          IS DISTINCT FROM (o.user_id, o.email_integration_id, o.subject, o.from_address, o.email_message_id,
            o.email_thread_id, o.preview_content, o.extracted_references)
        OR (n.metadata IS DISTINCT FROM o.metadata
          AND (n.metadata - ARRAY['mail_folder', 'exchange_folder_state', 'mailbox_change_failed', 'shared_activity'])
            IS DISTINCT FROM
            (o.metadata - ARRAY['mail_folder', 'exchange_folder_state', 'mailbox_change_failed', 'shared_activity']))
    )
    UPDATE triage_item_search s SET
      user_id = c.user_id, email_integration_id = c.email_integration_id, search_text = c.search_text
    FROM (
      SELECT n.id, n.user_id, n.email_integration_id, ledgerdesk_item_search_text(n.subject, n.from_address,
        n.email_message_id, n.email_thread_id, n.preview_content, n.extracted_references, n.metadata) AS search_text
      FROM changed n
    ) c
    WHERE s.item_id = c.id
      AND (s.search_text IS DISTINCT FROM c.search_text OR s.user_id IS DISTINCT FROM c.user_id
        OR s.email_integration_id IS DISTINCT FROM c.email_integration_id)
    $query$;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
REVOKE ALL ON FUNCTION ledgerdesk_sync_item_search() FROM PUBLIC;--> statement-breakpoint

-- An update that raises an item (raised_at changed: a snooze returning, a reminder firing) says so, and the
-- browser counts it as new mail. The rows are gathered by a query planned per call.
CREATE OR REPLACE FUNCTION ledgerdesk_notify_item_updates() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  entries json[];
BEGIN
  EXECUTE $query$
    SELECT array(
      SELECT json_build_array(n.user_id, n.id, left(n.thread_key, 1000), n.email_integration_id,
        n.raised_at IS NOT NULL AND n.raised_at IS DISTINCT FROM o.raised_at, n.status,
        left(n.metadata->>'exchange_folder_state', 20), n.snoozed_until IS NOT NULL)
      FROM new_items n JOIN old_items o ON o.id = n.id ORDER BY n.id)
  $query$ INTO entries;
  PERFORM ledgerdesk_notify_item_rows('UPDATE', entries);
  RETURN NULL;
END
$$;
