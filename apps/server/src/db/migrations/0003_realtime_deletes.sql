-- Deletions reach the browser too: a message deleted in the mailbox disappears from open lists at once.
CREATE OR REPLACE FUNCTION notify_triage_item_change() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  changed triage_items%ROWTYPE;
BEGIN
  IF TG_OP = 'DELETE' THEN changed := OLD; ELSE changed := NEW; END IF;
  PERFORM pg_notify(
    'triage_item_changes',
    json_build_object('op', TG_OP, 'userId', changed.user_id, 'id', changed.id, 'threadKey', changed.thread_key)::text
  );
  RETURN NULL;
END
$$;--> statement-breakpoint
DROP TRIGGER IF EXISTS triage_items_notify ON triage_items;--> statement-breakpoint
CREATE TRIGGER triage_items_notify
  AFTER INSERT OR UPDATE OR DELETE ON triage_items
  FOR EACH ROW EXECUTE FUNCTION notify_triage_item_change();
