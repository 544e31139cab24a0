-- Intake bounds (decision 030). A Graph webhook post looks up all its subscriptions in one call, and records
-- the accepted notifications of all its mailboxes in one call; a wrong clientState writes nothing.
CREATE OR REPLACE FUNCTION ledgerdesk_push_by_subscriptions(subscriptions text[])
RETURNS TABLE (subscription_id text, email_integration_id uuid, user_id text, client_state_hash text)
LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public AS $$
  SELECT p.subscription_id, p.email_integration_id, p.user_id, p.client_state_hash
  FROM mailbox_push p JOIN email_integrations i ON i.id = p.email_integration_id
  WHERE p.subscription_id = ANY(subscriptions) AND i.is_active
$$;--> statement-breakpoint
REVOKE ALL ON FUNCTION ledgerdesk_push_by_subscriptions(text[]) FROM PUBLIC;--> statement-breakpoint
GRANT EXECUTE ON FUNCTION ledgerdesk_push_by_subscriptions(text[]) TO ledgerdesk_app;--> statement-breakpoint

CREATE OR REPLACE FUNCTION ledgerdesk_push_record_notifications(integrations uuid[], at timestamptz)
RETURNS void
LANGUAGE sql VOLATILE SECURITY DEFINER SET search_path = public AS $$
  UPDATE mailbox_push SET
    notification_count = notification_count + 1,
    last_notification_at = greatest(last_notification_at, at)
  WHERE email_integration_id = ANY(integrations)
$$;--> statement-breakpoint
REVOKE ALL ON FUNCTION ledgerdesk_push_record_notifications(uuid[], timestamptz) FROM PUBLIC;--> statement-breakpoint
GRANT EXECUTE ON FUNCTION ledgerdesk_push_record_notifications(uuid[], timestamptz) TO ledgerdesk_app;--> statement-breakpoint

-- Attempts counted across every server process (Test connection, Connect, Update password of IMAP mailboxes):
-- one row per key with the times of its recent attempts. Reached only through the definer function below (row-
-- level security on, no policy for the app role).
CREATE TABLE IF NOT EXISTS attempt_limits (
  key text PRIMARY KEY,
  attempts timestamp with time zone[] DEFAULT '{}' NOT NULL,
  updated_at timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS attempt_limits_updated_at ON attempt_limits (updated_at);--> statement-breakpoint
ALTER TABLE attempt_limits ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE attempt_limits FORCE ROW LEVEL SECURITY;--> statement-breakpoint

-- Counts one attempt for `limit_key` when fewer than max_attempts were made within `win` before now_at: true
-- when counted, false when refused. The key's row is locked, so two processes asking at once both count.
CREATE OR REPLACE FUNCTION ledgerdesk_take_attempt(limit_key text, now_at timestamptz, win interval, max_attempts int)
RETURNS boolean
LANGUAGE plpgsql VOLATILE SECURITY DEFINER SET search_path = public AS $$
DECLARE
  recent timestamptz[];
BEGIN
  INSERT INTO attempt_limits (key, attempts, updated_at) VALUES (limit_key, '{}', now_at)
    ON CONFLICT (key) DO NOTHING;
  SELECT ARRAY(SELECT t FROM unnest(a.attempts) AS t WHERE t > now_at - win ORDER BY t) INTO recent
    FROM attempt_limits a WHERE a.key = limit_key FOR UPDATE;
  IF coalesce(array_length(recent, 1), 0) >= max_attempts THEN
    UPDATE attempt_limits SET attempts = recent, updated_at = now_at WHERE key = limit_key;
    RETURN false;
  END IF;
  UPDATE attempt_limits SET attempts = recent || now_at, updated_at = now_at WHERE key = limit_key;
  -- Keys idle for a day are forgotten (a few rows at a time, so no call pays for a backlog).
  DELETE FROM attempt_limits WHERE key IN (
    SELECT key FROM attempt_limits WHERE updated_at < now_at - interval '1 day' LIMIT 10);
  RETURN true;
END
$$;--> statement-breakpoint
REVOKE ALL ON FUNCTION ledgerdesk_take_attempt(text, timestamptz, interval, int) FROM PUBLIC;--> statement-breakpoint
GRANT EXECUTE ON FUNCTION ledgerdesk_take_attempt(text, timestamptz, interval, int) TO ledgerdesk_app;
