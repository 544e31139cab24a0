-- Realtime at firm scale: every changed item was its own NOTIFY, so a bulk action of 500 items queued 500
-- notifications, and every server process (each LISTENs once) parsed all of them. The triage_items triggers now
-- announce once per statement: the changed rows travel in as few notifications as fit (pg_notify takes at most
-- 8,000 bytes; a part closes past 5,000, and a row's entry is at most ~1,300: thread keys longer than 1,000
-- characters are cut, which only means an open thread of such a key is not refreshed live).
-- Payload: {"op": "INSERT" | "UPDATE" | "DELETE", "rows": [[userId, id, threadKey, mailboxId, raised, status,
-- folderState, snoozed], ...]}: the last three say which views the item is in now, so the browser counts as new
-- only mail its list would show (not the user's own reply synced into Sent).
-- Comments and firm changes keep their one-row payloads on the same channel (realtime/triage-change-hub.ts reads
-- both).
CREATE OR REPLACE FUNCTION ledgerdesk_notify_item_rows(op text, entries json[]) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  payload text;
BEGIN
  FOR payload IN
    SELECT json_build_object('op', op, 'rows', json_agg(e.entry ORDER BY e.n))::text
    FROM (
      SELECT entry, n,
        (coalesce(sum(length(entry::text)) OVER (ORDER BY n ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING), 0)
          / 5000)::int AS part
      FROM unnest(entries) WITH ORDINALITY AS u(entry, n)
    ) e
    GROUP BY e.part
    ORDER BY e.part
  LOOP
    PERFORM pg_notify('triage_item_changes', payload);
  END LOOP;
END
$$;--> statement-breakpoint

CREATE OR REPLACE FUNCTION ledgerdesk_notify_item_inserts() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM ledgerdesk_notify_item_rows('INSERT', array(
    SELECT json_build_array(n.user_id, n.id, left(n.thread_key, 1000), n.email_integration_id, false, n.status,
      left(n.metadata->>'exchange_folder_state', 20), n.snoozed_until IS NOT NULL)
    FROM new_items n ORDER BY n.id));
  RETURN NULL;
END
$$;--> statement-breakpoint

-- An update that raises an item (raised_at changed: a snooze returning, a reminder firing) says so, and the
-- browser counts it as new mail.
CREATE OR REPLACE FUNCTION ledgerdesk_notify_item_updates() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM ledgerdesk_notify_item_rows('UPDATE', array(
    SELECT json_build_array(n.user_id, n.id, left(n.thread_key, 1000), n.email_integration_id,
      n.raised_at IS NOT NULL AND n.raised_at IS DISTINCT FROM o.raised_at, n.status,
      left(n.metadata->>'exchange_folder_state', 20), n.snoozed_until IS NOT NULL)
    FROM new_items n JOIN old_items o ON o.id = n.id ORDER BY n.id));
  RETURN NULL;
END
$$;--> statement-breakpoint

CREATE OR REPLACE FUNCTION ledgerdesk_notify_item_deletes() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM ledgerdesk_notify_item_rows('DELETE', array(
    SELECT json_build_array(o.user_id, o.id, left(o.thread_key, 1000), o.email_integration_id, false)
    FROM old_items o ORDER BY o.id));
  RETURN NULL;
END
$$;--> statement-breakpoint

DROP TRIGGER IF EXISTS triage_items_notify ON triage_items;--> statement-breakpoint
DROP FUNCTION IF EXISTS notify_triage_item_change();--> statement-breakpoint
CREATE TRIGGER triage_items_notify_insert AFTER INSERT ON triage_items
  REFERENCING NEW TABLE AS new_items FOR EACH STATEMENT EXECUTE FUNCTION ledgerdesk_notify_item_inserts();--> statement-breakpoint
CREATE TRIGGER triage_items_notify_update AFTER UPDATE ON triage_items
  REFERENCING OLD TABLE AS old_items NEW TABLE AS new_items
  FOR EACH STATEMENT EXECUTE FUNCTION ledgerdesk_notify_item_updates();--> statement-breakpoint
CREATE TRIGGER triage_items_notify_delete AFTER DELETE ON triage_items
  REFERENCING OLD TABLE AS old_items FOR EACH STATEMENT EXECUTE FUNCTION ledgerdesk_notify_item_deletes();
