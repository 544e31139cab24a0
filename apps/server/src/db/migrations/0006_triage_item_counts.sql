-- Item counts kept per bucket, so the list's exact `total` (the header's "N items") never counts 100,000 rows.
-- A bucket is every column a view, a tab or the mailbox filter looks at; a view's or tab's count is the sum of
-- a handful of buckets, filtered by the same SQL the list uses (features/triage/item-filters-sql.ts:
-- viewSql/tabSql over alias `b`, the folder state read from `folder_state`). Statement-level triggers keep
-- the buckets exact in the same transaction as the change; the header never reads a stale count.
CREATE TABLE IF NOT EXISTS triage_item_buckets (
  user_id text NOT NULL,
  -- The item's email integration, or the zero uuid for items without one (notifications, mentions).
  mailbox_id uuid NOT NULL,
  status text NOT NULL,
  -- The item's exchange_folder_state when it is an archive state ('archive', 'archived'), else ''.
  folder_state text NOT NULL,
  type text NOT NULL,
  is_read boolean NOT NULL,
  item_count bigint NOT NULL,
  PRIMARY KEY (user_id, mailbox_id, status, folder_state, type, is_read)
);--> statement-breakpoint

-- The app role reads its own user's buckets; only the triggers (definer functions) write them.
ALTER TABLE triage_item_buckets ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
DROP POLICY IF EXISTS triage_item_buckets_owner ON triage_item_buckets;--> statement-breakpoint
CREATE POLICY triage_item_buckets_owner ON triage_item_buckets
  USING (user_id = current_setting('app.user_id', true));--> statement-breakpoint
REVOKE ALL ON triage_item_buckets FROM ledgerdesk_app;--> statement-breakpoint
GRANT SELECT ON triage_item_buckets TO ledgerdesk_app;--> statement-breakpoint

CREATE OR REPLACE FUNCTION ledgerdesk_add_triage_bucket_deltas() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public AS $$
BEGIN
  -- Rows are upserted in key order, so two transactions touching the same buckets lock them in the same order.
  IF TG_OP = 'INSERT' THEN
    INSERT INTO triage_item_buckets AS b (user_id, mailbox_id, status, folder_state, type, is_read, item_count)
    SELECT user_id, coalesce(email_integration_id, '00000000-0000-0000-0000-000000000000'), status,
      CASE WHEN metadata->>'exchange_folder_state' IN ('archive', 'archived')
        THEN metadata->>'exchange_folder_state' ELSE '' END, type, is_read, count(*)
    FROM new_items GROUP BY 1, 2, 3, 4, 5, 6 ORDER BY 1, 2, 3, 4, 5, 6
    ON CONFLICT (user_id, mailbox_id, status, folder_state, type, is_read)
      DO UPDATE SET item_count = b.item_count + excluded.item_count;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO triage_item_buckets AS b (user_id, mailbox_id, status, folder_state, type, is_read, item_count)
    SELECT user_id, coalesce(email_integration_id, '00000000-0000-0000-0000-000000000000'), status,
      CASE WHEN metadata->>'exchange_folder_state' IN ('archive', 'archived')
        THEN metadata->>'exchange_folder_state' ELSE '' END, type, is_read, -count(*)
    FROM old_items GROUP BY 1, 2, 3, 4, 5, 6 ORDER BY 1, 2, 3, 4, 5, 6
    ON CONFLICT (user_id, mailbox_id, status, folder_state, type, is_read)
      DO UPDATE SET item_count = b.item_count + excluded.item_count;
  ELSE
    INSERT INTO triage_item_buckets AS b (user_id, mailbox_id, status, folder_state, type, is_read, item_count)
    SELECT user_id, mailbox_id, status, folder_state, type, is_read, sum(delta)
    FROM (
      SELECT user_id, coalesce(email_integration_id, '00000000-0000-0000-0000-000000000000') AS mailbox_id,
        status, CASE WHEN metadata->>'exchange_folder_state' IN ('archive', 'archived')
          THEN metadata->>'exchange_folder_state' ELSE '' END AS folder_state, type, is_read, 1 AS delta
      FROM new_items
      UNION ALL
      SELECT user_id, coalesce(email_integration_id, '00000000-0000-0000-0000-000000000000'),
        status, CASE WHEN metadata->>'exchange_folder_state' IN ('archive', 'archived')
          THEN metadata->>'exchange_folder_state' ELSE '' END, type, is_read, -1
      FROM old_items
    ) d
    GROUP BY 1, 2, 3, 4, 5, 6 HAVING sum(delta) <> 0 ORDER BY 1, 2, 3, 4, 5, 6
    ON CONFLICT (user_id, mailbox_id, status, folder_state, type, is_read)
      DO UPDATE SET item_count = b.item_count + excluded.item_count;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
REVOKE ALL ON FUNCTION ledgerdesk_add_triage_bucket_deltas() FROM PUBLIC;--> statement-breakpoint

DROP TRIGGER IF EXISTS triage_items_buckets_insert ON triage_items;--> statement-breakpoint
CREATE TRIGGER triage_items_buckets_insert AFTER INSERT ON triage_items
  REFERENCING NEW TABLE AS new_items
  FOR EACH STATEMENT EXECUTE FUNCTION ledgerdesk_add_triage_bucket_deltas();--> statement-breakpoint
DROP TRIGGER IF EXISTS triage_items_buckets_update ON triage_items;--> statement-breakpoint
CREATE TRIGGER triage_items_buckets_update AFTER UPDATE ON triage_items
  REFERENCING OLD TABLE AS old_items NEW TABLE AS new_items
  FOR EACH STATEMENT EXECUTE FUNCTION ledgerdesk_add_triage_bucket_deltas();--> statement-breakpoint
DROP TRIGGER IF EXISTS triage_items_buckets_delete ON triage_items;--> statement-breakpoint
CREATE TRIGGER triage_items_buckets_delete AFTER DELETE ON triage_items
  REFERENCING OLD TABLE AS old_items
  FOR EACH STATEMENT EXECUTE FUNCTION ledgerdesk_add_triage_bucket_deltas();--> statement-breakpoint

-- The buckets of the items that exist already.
DELETE FROM triage_item_buckets;--> statement-breakpoint
INSERT INTO triage_item_buckets (user_id, mailbox_id, status, folder_state, type, is_read, item_count)
SELECT user_id, coalesce(email_integration_id, '00000000-0000-0000-0000-000000000000'), status,
  CASE WHEN metadata->>'exchange_folder_state' IN ('archive', 'archived')
    THEN metadata->>'exchange_folder_state' ELSE '' END, type, is_read, count(*)
FROM triage_items GROUP BY 1, 2, 3, 4, 5, 6;
