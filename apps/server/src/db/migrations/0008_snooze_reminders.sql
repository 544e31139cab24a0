-- Snooze into Scheduled and follow-up reminders (issue 14). An item snoozed until a time has status
-- 'scheduled' and snoozed_until; raised_at is set whenever something brings an item back to the user's
-- attention like new mail (a snooze returning, a reminder firing), and the realtime event says so.
ALTER TABLE triage_items ADD COLUMN IF NOT EXISTS snoozed_until timestamp with time zone;--> statement-breakpoint
ALTER TABLE triage_items ADD COLUMN IF NOT EXISTS raised_at timestamp with time zone;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS triage_items_snooze_due_idx ON triage_items (snoozed_until)
  WHERE status = 'scheduled' AND snoozed_until IS NOT NULL;--> statement-breakpoint

-- The item buckets of migration 0006 learn whether an item is snoozed (it then leaves the main view's count).
ALTER TABLE triage_item_buckets ADD COLUMN IF NOT EXISTS snoozed boolean NOT NULL DEFAULT false;--> statement-breakpoint
ALTER TABLE triage_item_buckets DROP CONSTRAINT IF EXISTS triage_item_buckets_pkey;--> statement-breakpoint
ALTER TABLE triage_item_buckets ADD PRIMARY KEY (user_id, mailbox_id, status, folder_state, type, is_read, snoozed);--> statement-breakpoint
CREATE OR REPLACE FUNCTION ledgerdesk_add_triage_bucket_deltas() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public AS $$
BEGIN
  -- Rows are upserted in key order, so two transactions touching the same buckets lock them in the same order.
  IF TG_OP = 'INSERT' THEN
    INSERT INTO triage_item_buckets AS b (user_id, mailbox_id, status, folder_state, type, is_read, snoozed, item_count)
    SELECT user_id, coalesce(email_integration_id, '00000000-0000-0000-0000-000000000000'), status,
      CASE WHEN metadata->>'exchange_folder_state' IN ('archive', 'archived')
        THEN metadata->>'exchange_folder_state' ELSE '' END, type, is_read,
      (status = 'scheduled' AND snoozed_until IS NOT NULL), count(*)
    FROM new_items GROUP BY 1, 2, 3, 4, 5, 6, 7 ORDER BY 1, 2, 3, 4, 5, 6, 7
    ON CONFLICT (user_id, mailbox_id, status, folder_state, type, is_read, snoozed)
      DO UPDATE SET item_count = b.item_count + excluded.item_count;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO triage_item_buckets AS b (user_id, mailbox_id, status, folder_state, type, is_read, snoozed, item_count)
    SELECT user_id, coalesce(email_integration_id, '00000000-0000-0000-0000-000000000000'), status,
      CASE WHEN metadata->>'exchange_folder_state' IN ('archive', 'archived')
        THEN metadata->>'exchange_folder_state' ELSE '' END, type, is_read,
      (status = 'scheduled' AND snoozed_until IS NOT NULL), -count(*)
    FROM old_items GROUP BY 1, 2, 3, 4, 5, 6, 7 ORDER BY 1, 2, 3, 4, 5, 6, 7
    ON CONFLICT (user_id, mailbox_id, status, folder_state, type, is_read, snoozed)
      DO UPDATE SET item_count = b.item_count + excluded.item_count;
  ELSE
    INSERT INTO triage_item_buckets AS b (user_id, mailbox_id, status, folder_state, type, is_read, snoozed, item_count)
    SELECT user_id, mailbox_id, status, folder_state, type, is_read, snoozed, sum(delta)
    FROM (
      SELECT user_id, coalesce(email_integration_id, '00000000-0000-0000-0000-000000000000') AS mailbox_id,
        status, CASE WHEN metadata->>'exchange_folder_state' IN ('archive', 'archived')
          THEN metadata->>'exchange_folder_state' ELSE '' END AS folder_state, type, is_read,
        (status = 'scheduled' AND snoozed_until IS NOT NULL) AS snoozed, 1 AS delta
      FROM new_items
      UNION ALL
      SELECT user_id, coalesce(email_integration_id, '00000000-0000-0000-0000-000000000000'),
        status, CASE WHEN metadata->>'exchange_folder_state' IN ('archive', 'archived')
          THEN metadata->>'exchange_folder_state' ELSE '' END, type, is_read,
        (status = 'scheduled' AND snoozed_until IS NOT NULL), -1
      FROM old_items
    ) d
    GROUP BY 1, 2, 3, 4, 5, 6, 7 HAVING sum(delta) <> 0 ORDER BY 1, 2, 3, 4, 5, 6, 7
    ON CONFLICT (user_id, mailbox_id, status, folder_state, type, is_read, snoozed)
      DO UPDATE SET item_count = b.item_count + excluded.item_count;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
DELETE FROM triage_item_buckets;--> statement-breakpoint
INSERT INTO triage_item_buckets (user_id, mailbox_id, status, folder_state, type, is_read, snoozed, item_count)
SELECT user_id, coalesce(email_integration_id, '00000000-0000-0000-0000-000000000000'), status,
  CASE WHEN metadata->>'exchange_folder_state' IN ('archive', 'archived')
    THEN metadata->>'exchange_folder_state' ELSE '' END, type, is_read,
  (status = 'scheduled' AND snoozed_until IS NOT NULL), count(*)
FROM triage_items GROUP BY 1, 2, 3, 4, 5, 6, 7;--> statement-breakpoint

-- A snooze time only means something while the item is scheduled: any other status forgets it.
CREATE OR REPLACE FUNCTION ledgerdesk_forget_snooze() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.status <> 'scheduled' THEN NEW.snoozed_until := NULL; END IF;
  RETURN NEW;
END
$$;--> statement-breakpoint
DROP TRIGGER IF EXISTS triage_items_forget_snooze ON triage_items;--> statement-breakpoint
CREATE TRIGGER triage_items_forget_snooze
  BEFORE INSERT OR UPDATE OF status, snoozed_until ON triage_items
  FOR EACH ROW EXECUTE FUNCTION ledgerdesk_forget_snooze();--> statement-breakpoint

-- The user's own time zone (IANA name), detected at first sign-in, used for snooze and reminder presets.
ALTER TABLE profiles ADD COLUMN IF NOT EXISTS time_zone text;--> statement-breakpoint
ALTER TABLE profiles DROP CONSTRAINT IF EXISTS check_profiles_time_zone;--> statement-breakpoint
ALTER TABLE profiles ADD CONSTRAINT check_profiles_time_zone CHECK (time_zone IS NULL OR char_length(time_zone) BETWEEN 1 AND 64);--> statement-breakpoint

-- "Remind me if no reply in…": one row per sent message. email_thread_id is known at once for a reply; for a new
-- mail it is learned when the sent message is synced (same mailbox, same subject, sent within ten minutes).
CREATE TABLE IF NOT EXISTS follow_up_reminders (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  user_id text NOT NULL REFERENCES users(id) ON DELETE cascade,
  email_integration_id uuid REFERENCES email_integrations(id) ON DELETE cascade,
  email_thread_id text,
  subject text NOT NULL DEFAULT '',
  sent_at timestamp with time zone NOT NULL,
  remind_at timestamp with time zone NOT NULL,
  state text NOT NULL DEFAULT 'pending',
  settled_at timestamp with time zone,
  created_at timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT check_follow_up_reminders_state CHECK (state IN ('pending', 'fired', 'cancelled', 'no_thread')),
  CONSTRAINT check_follow_up_reminders_subject CHECK (char_length(subject) <= 998)
);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS follow_up_reminders_due_idx ON follow_up_reminders (remind_at) WHERE state = 'pending';--> statement-breakpoint
CREATE INDEX IF NOT EXISTS follow_up_reminders_thread_idx ON follow_up_reminders (user_id, email_thread_id)
  WHERE state = 'pending';--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON follow_up_reminders TO ledgerdesk_app;--> statement-breakpoint
ALTER TABLE follow_up_reminders ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE follow_up_reminders FORCE ROW LEVEL SECURITY;--> statement-breakpoint
DROP POLICY IF EXISTS follow_up_reminders_owner ON follow_up_reminders;--> statement-breakpoint
CREATE POLICY follow_up_reminders_owner ON follow_up_reminders
  USING (user_id = current_setting('app.user_id', true))
  WITH CHECK (user_id = current_setting('app.user_id', true));--> statement-breakpoint

-- Realtime: an update that raises an item (raised_at changed) is announced as `raised`, so the browser counts
-- it in "View N new triage item(s)" like new mail.
CREATE OR REPLACE FUNCTION notify_triage_item_change() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  changed triage_items%ROWTYPE;
  raised boolean := false;
BEGIN
  IF TG_OP = 'DELETE' THEN changed := OLD; ELSE changed := NEW; END IF;
  IF TG_OP = 'UPDATE' THEN
    raised := NEW.raised_at IS NOT NULL AND NEW.raised_at IS DISTINCT FROM OLD.raised_at;
  END IF;
  PERFORM pg_notify(
    'triage_item_changes',
    json_build_object('op', TG_OP, 'userId', changed.user_id, 'id', changed.id, 'threadKey', changed.thread_key,
      'raised', raised)::text
  );
  RETURN NULL;
END
$$;--> statement-breakpoint

-- Provider timestamps and this server's clock may differ by seconds (and some providers keep whole seconds),
-- so a message from someone else counts as a reply from two minutes before the reminder's send time on, as
-- long as it reached Ledgerdesk after the reminder was set (the message answered was there before).
-- Mail arriving in a thread: a reply from someone else (a received item, status inbox, newer than the snoozed
-- message — a reset re-inserting old mail does not count) brings the thread's snoozed items back early (Missive's rule) and cancels the thread's pending reminders; a sent message tells a
-- waiting reminder of a new mail which thread it started. Runs as the inserting user, under row-level security.
CREATE OR REPLACE FUNCTION ledgerdesk_on_triage_item_arrival() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.email_thread_id IS NULL THEN RETURN NULL; END IF;
  IF NEW.status = 'inbox' THEN
    UPDATE triage_items
      SET status = 'inbox', is_read = false, snoozed_until = NULL, raised_at = now(), updated_at = now()
      WHERE user_id = NEW.user_id AND thread_key = NEW.email_thread_id AND status = 'scheduled' AND id <> NEW.id
        AND time < NEW.time;
    UPDATE follow_up_reminders
      SET state = 'cancelled', settled_at = now()
      WHERE user_id = NEW.user_id AND email_thread_id = NEW.email_thread_id AND state = 'pending'
        AND NEW.time > sent_at - interval '2 minutes';
  ELSIF NEW.status = 'sent' THEN
    UPDATE follow_up_reminders
      SET email_thread_id = NEW.email_thread_id
      WHERE id = (
        SELECT r.id FROM follow_up_reminders r
        WHERE r.user_id = NEW.user_id AND r.state = 'pending' AND r.email_thread_id IS NULL
          AND r.email_integration_id IS NOT DISTINCT FROM NEW.email_integration_id
          AND lower(trim(r.subject)) = lower(trim(coalesce(NEW.subject, '')))
          AND NEW.time BETWEEN r.sent_at - interval '10 minutes' AND r.sent_at + interval '10 minutes'
        ORDER BY r.sent_at DESC
        LIMIT 1);
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
DROP TRIGGER IF EXISTS triage_items_arrival ON triage_items;--> statement-breakpoint
CREATE TRIGGER triage_items_arrival
  AFTER INSERT ON triage_items
  FOR EACH ROW EXECUTE FUNCTION ledgerdesk_on_triage_item_arrival();--> statement-breakpoint

-- The timers' cross-user work, as narrow definer functions (like ledgerdesk_active_integrations): each
-- returns due snoozes to the inbox, or settles due reminders, at most `max_rows` at a time, skipping rows
-- another node is settling, and answers what it changed. `now_at` is passed in so tests can move the clock.
CREATE OR REPLACE FUNCTION ledgerdesk_return_due_snoozes(now_at timestamptz, max_rows int)
RETURNS TABLE (user_id text, id uuid)
LANGUAGE sql SECURITY DEFINER SET search_path = public AS $$
  UPDATE triage_items t
    SET status = 'inbox', is_read = false, snoozed_until = NULL, raised_at = now_at, updated_at = now()
    WHERE t.id IN (
      SELECT d.id FROM triage_items d
      WHERE d.status = 'scheduled' AND d.snoozed_until IS NOT NULL AND d.snoozed_until <= now_at
      ORDER BY d.snoozed_until
      LIMIT max_rows
      FOR UPDATE SKIP LOCKED)
  RETURNING t.user_id, t.id
$$;--> statement-breakpoint
REVOKE ALL ON FUNCTION ledgerdesk_return_due_snoozes(timestamptz, int) FROM PUBLIC;--> statement-breakpoint
GRANT EXECUTE ON FUNCTION ledgerdesk_return_due_snoozes(timestamptz, int) TO ledgerdesk_app;--> statement-breakpoint

-- A due reminder fires when nobody else wrote in its thread since it was sent: the thread's newest item comes
-- back to the inbox, unread and raised, marked follow_up 'no_reply'. A reminder whose thread got a reply is
-- cancelled; one whose sent message never synced into a thread is settled as 'no_thread'.
CREATE OR REPLACE FUNCTION ledgerdesk_fire_due_reminders(now_at timestamptz, max_rows int)
RETURNS TABLE (user_id text, reminder_id uuid, item_id uuid, outcome text)
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public AS $$
DECLARE
  due follow_up_reminders%ROWTYPE;
  newest uuid;
BEGIN
  FOR due IN
    SELECT * FROM follow_up_reminders r
    WHERE r.state = 'pending' AND r.remind_at <= now_at
    ORDER BY r.remind_at
    LIMIT max_rows
    FOR UPDATE SKIP LOCKED
  LOOP
    user_id := due.user_id;
    reminder_id := due.id;
    item_id := NULL;
    IF due.email_thread_id IS NULL THEN
      outcome := 'no_thread';
    ELSIF EXISTS (
      SELECT 1 FROM triage_items t
      WHERE t.user_id = due.user_id AND t.thread_key = due.email_thread_id
        AND t.status NOT IN ('sent', 'drafts') AND t.time > due.sent_at - interval '2 minutes'
        AND t.created_at > due.created_at
    ) THEN
      outcome := 'cancelled';
    ELSE
      SELECT t.id INTO newest FROM triage_items t
        WHERE t.user_id = due.user_id AND t.thread_key = due.email_thread_id
        ORDER BY t.time DESC, t.id LIMIT 1;
      IF newest IS NULL THEN
        outcome := 'no_thread';
      ELSE
        UPDATE triage_items t
          SET status = 'inbox', is_read = false, snoozed_until = NULL, raised_at = now_at, updated_at = now(),
            metadata = (t.metadata - 'exchange_folder_state')
              || jsonb_build_object('follow_up', jsonb_build_object('state', 'no_reply', 'sent_at', due.sent_at))
          WHERE t.id = newest;
        item_id := newest;
        outcome := 'fired';
      END IF;
    END IF;
    UPDATE follow_up_reminders r
      SET state = CASE outcome WHEN 'fired' THEN 'fired' WHEN 'cancelled' THEN 'cancelled' ELSE 'no_thread' END,
        settled_at = now_at
      WHERE r.id = due.id;
    RETURN NEXT;
  END LOOP;
END
$$;--> statement-breakpoint
REVOKE ALL ON FUNCTION ledgerdesk_fire_due_reminders(timestamptz, int) FROM PUBLIC;--> statement-breakpoint
GRANT EXECUTE ON FUNCTION ledgerdesk_fire_due_reminders(timestamptz, int) TO ledgerdesk_app;
