-- Indexes of the triage list query (apps/server/src/features/triage/list-thread-groups.ts). A page of thread
-- groups is found by walking a view's items newest first (ties: lowest id first, as the domain's
-- compareNewestFirst) and keeping each thread's newest item, so every view gets an index in that order that
-- holds only that view's items, with the columns the tabs filter on included so the walk and the counts
-- need not touch the table.
-- The WHERE clauses must stay identical to the SQL the query builds from viewCriteria().
CREATE INDEX IF NOT EXISTS triage_items_main_view_idx ON triage_items (user_id, time DESC, id)
  INCLUDE (thread_key, type, is_read)
  WHERE status IN ('inbox', 'later', 'low_priority', 'scheduled')
    AND coalesce(metadata->>'exchange_folder_state', '') NOT IN ('archive', 'archived');--> statement-breakpoint

-- Counting the main view (the header's item count, the Triage badge): small, deduplicated keys.
CREATE INDEX IF NOT EXISTS triage_items_main_count_idx ON triage_items (user_id, is_read, type)
  WHERE status IN ('inbox', 'later', 'low_priority', 'scheduled')
    AND coalesce(metadata->>'exchange_folder_state', '') NOT IN ('archive', 'archived');--> statement-breakpoint

CREATE INDEX IF NOT EXISTS triage_items_cleared_view_idx ON triage_items (user_id, time DESC, id)
  INCLUDE (thread_key, type, is_read)
  WHERE status = 'cleared' OR coalesce(metadata->>'exchange_folder_state', '') IN ('archive', 'archived');--> statement-breakpoint

-- A thread's items newest first: finds whether an item is its thread's newest in the view with one probe.
CREATE INDEX IF NOT EXISTS triage_items_user_thread_time_idx ON triage_items (user_id, thread_key, time DESC, id);--> statement-breakpoint

-- Single-status views (Later, Low Priority, Scheduled, Sent, Drafts) and their unread badges.
CREATE INDEX IF NOT EXISTS triage_items_user_status_time_idx ON triage_items (user_id, status, time DESC, id)
  INCLUDE (thread_key, type, is_read);--> statement-breakpoint

-- Search. Row-level security keeps a non-leakproof operator such as LIKE from being used as an index
-- condition, so a query of the app role can never reach the trigram index. This definer function (owned by
-- the migration owner, like ledgerdesk_active_integrations) runs the LIKE for the current request's user only
-- — the same app.user_id the policies trust — so the planner may use the index. It sees nothing else.
CREATE OR REPLACE FUNCTION ledgerdesk_search_triage_items(pattern text)
RETURNS SETOF triage_items
LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public ROWS 200 AS $$
  SELECT t.* FROM triage_items t
  WHERE t.user_id = current_setting('app.user_id', true) AND t.search_text LIKE pattern
$$;--> statement-breakpoint
REVOKE ALL ON FUNCTION ledgerdesk_search_triage_items(text) FROM PUBLIC;--> statement-breakpoint
GRANT EXECUTE ON FUNCTION ledgerdesk_search_triage_items(text) TO ledgerdesk_app;
--> statement-breakpoint

-- PGlite runs no autovacuum, so without this the planner never has statistics for the triage list. The
-- embedded server calls it now and then (features/triage/refresh-statistics.ts); it reveals nothing.
CREATE OR REPLACE FUNCTION ledgerdesk_analyze_triage_items() RETURNS void
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public AS $$
BEGIN
  ANALYZE triage_items;
END
$$;--> statement-breakpoint
REVOKE ALL ON FUNCTION ledgerdesk_analyze_triage_items() FROM PUBLIC;--> statement-breakpoint
GRANT EXECUTE ON FUNCTION ledgerdesk_analyze_triage_items() TO ledgerdesk_app;
