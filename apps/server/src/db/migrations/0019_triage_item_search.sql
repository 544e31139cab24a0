-- The searchable text moves off triage_items (issue 12, decision 016). Every action (read, Later, Clear) writes a
-- new version of its rows, and the GIN trigram index on the row's ~1 KB generated search text took most of a bulk
-- action's time (bulk 500 on PostgreSQL: the UPDATE 180–380 ms with it, 45–75 ms without the index, 32–40 ms
-- without the column). The text now lives in its own row per item, rewritten only when the text itself changes:
-- the folder keys a clear writes, a refused change's flag and who acted on a shared item are left out of it, so
-- an action never touches it.
CREATE OR REPLACE FUNCTION ledgerdesk_item_search_text(subject text, from_address text, email_message_id text,
  email_thread_id text, preview_content text, extracted_references text, metadata jsonb) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT lower(coalesce(subject, '') || ' ' || coalesce(from_address, '') || ' ' || coalesce(email_message_id, '')
    || ' ' || coalesce(email_thread_id, '') || ' ' || coalesce(preview_content, '') || ' '
    || coalesce(extracted_references, '') || ' '
    || (coalesce(metadata, '{}'::jsonb) - 'mail_folder' - 'exchange_folder_state' - 'mailbox_change_failed'
      - 'shared_activity')::text)
$$;--> statement-breakpoint

CREATE TABLE IF NOT EXISTS triage_item_search (
  item_id uuid PRIMARY KEY REFERENCES triage_items(id) ON DELETE cascade,
  user_id text NOT NULL,
  email_integration_id uuid,
  search_text text NOT NULL
);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS triage_item_search_trgm_idx ON triage_item_search USING gin (search_text gin_trgm_ops);--> statement-breakpoint

-- The same rows as triage_items' own policy; only the triggers below (definer functions) write them.
ALTER TABLE triage_item_search ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE triage_item_search FORCE ROW LEVEL SECURITY;--> statement-breakpoint
DROP POLICY IF EXISTS triage_item_search_owner_or_firm ON triage_item_search;--> statement-breakpoint
CREATE POLICY triage_item_search_owner_or_firm ON triage_item_search FOR SELECT
  USING (user_id = current_setting('app.user_id', true)
    OR (email_integration_id, user_id) IN (SELECT s.integration_id, s.owner_user_id FROM ledgerdesk_shared_mailboxes() s));--> statement-breakpoint
REVOKE ALL ON triage_item_search FROM ledgerdesk_app;--> statement-breakpoint
GRANT SELECT ON triage_item_search TO ledgerdesk_app;--> statement-breakpoint

-- Statement-level, so a bulk of 500 compares 500 texts in one statement and writes only those that changed.
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
    UPDATE triage_item_search s SET
      user_id = c.user_id, email_integration_id = c.email_integration_id, search_text = c.search_text
    FROM (
      SELECT n.id, n.user_id, n.email_integration_id, ledgerdesk_item_search_text(n.subject, n.from_address,
        n.email_message_id, n.email_thread_id, n.preview_content, n.extracted_references, n.metadata) AS search_text
      FROM new_items n
    ) c
    WHERE s.item_id = c.id
      AND (s.search_text IS DISTINCT FROM c.search_text OR s.user_id IS DISTINCT FROM c.user_id
        OR s.email_integration_id IS DISTINCT FROM c.email_integration_id);
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
REVOKE ALL ON FUNCTION ledgerdesk_sync_item_search() FROM PUBLIC;--> statement-breakpoint
DROP TRIGGER IF EXISTS triage_items_search_insert ON triage_items;--> statement-breakpoint
CREATE TRIGGER triage_items_search_insert AFTER INSERT ON triage_items
  REFERENCING NEW TABLE AS new_items
  FOR EACH STATEMENT EXECUTE FUNCTION ledgerdesk_sync_item_search();--> statement-breakpoint
DROP TRIGGER IF EXISTS triage_items_search_update ON triage_items;--> statement-breakpoint
CREATE TRIGGER triage_items_search_update AFTER UPDATE ON triage_items
  REFERENCING NEW TABLE AS new_items
  FOR EACH STATEMENT EXECUTE FUNCTION ledgerdesk_sync_item_search();--> statement-breakpoint

INSERT INTO triage_item_search (item_id, user_id, email_integration_id, search_text)
SELECT t.id, t.user_id, t.email_integration_id, ledgerdesk_item_search_text(t.subject, t.from_address,
  t.email_message_id, t.email_thread_id, t.preview_content, t.extracted_references, t.metadata)
FROM triage_items t
ON CONFLICT (item_id) DO NOTHING;--> statement-breakpoint
DROP INDEX IF EXISTS triage_items_search_trgm_idx;--> statement-breakpoint
ALTER TABLE triage_items DROP COLUMN IF EXISTS search_text;--> statement-breakpoint

-- The narrowing step of a search (features/triage/find-thread-heads.ts) reads the new index. The search rows are
-- filtered first, on their own (a join planned for an unknown pattern scanned every item: 45 ms at 100,000 items
-- against 1.2 ms this way).
CREATE OR REPLACE FUNCTION ledgerdesk_search_triage_items(pattern text)
RETURNS SETOF triage_items
LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public ROWS 200 AS $$
  SELECT t.* FROM triage_items t
  WHERE t.id IN (
    SELECT s.item_id FROM triage_item_search s
    WHERE s.search_text LIKE pattern
      AND (s.user_id = current_setting('app.user_id', true)
        OR (s.email_integration_id, s.user_id) IN (SELECT m.integration_id, m.owner_user_id FROM ledgerdesk_shared_mailboxes() m)))
$$;--> statement-breakpoint

-- PGlite never autovacuums: the app's statistics refresh analyzes the search rows with the items.
CREATE OR REPLACE FUNCTION ledgerdesk_analyze_triage_items() RETURNS void
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public AS $$
BEGIN
  ANALYZE triage_items;
  ANALYZE triage_item_search;
END
$$;
