-- Undo send (issue 12): a message sent with a hold waits here for the undo window, then a sender on every node
-- hands it to the provider. 'held' until due (or cancelled: the row is deleted), 'sending' while a node holds
-- it (claimed_until: a node that died mid-send lets another take over after the lease), then 'sent' (kept a
-- day, so a late cancel can say so) or 'failed' (refused for good; the user was told through a notice).
CREATE TABLE IF NOT EXISTS outgoing_mail (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  user_id text NOT NULL REFERENCES users(id) ON DELETE cascade,
  email_integration_id uuid NOT NULL REFERENCES email_integrations(id) ON DELETE cascade,
  to_addresses jsonb NOT NULL,
  cc_addresses jsonb NOT NULL DEFAULT '[]'::jsonb,
  subject text NOT NULL,
  body text NOT NULL,
  reply_type text NOT NULL DEFAULT 'new',
  triage_item_id uuid,
  thread_id text,
  original_message_id text,
  follow_up_at timestamp with time zone,
  send_at timestamp with time zone NOT NULL,
  state text NOT NULL DEFAULT 'held',
  attempts integer NOT NULL DEFAULT 0,
  claimed_until timestamp with time zone,
  error_code text,
  error_message text,
  settled_at timestamp with time zone,
  created_at timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT check_outgoing_mail_state CHECK (state IN ('held', 'sending', 'sent', 'failed')),
  CONSTRAINT check_outgoing_mail_reply_type CHECK (reply_type IN ('new', 'reply', 'replyAll'))
);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS outgoing_mail_due_idx ON outgoing_mail (send_at) WHERE state IN ('held', 'sending');--> statement-breakpoint
CREATE INDEX IF NOT EXISTS outgoing_mail_settled_idx ON outgoing_mail (settled_at) WHERE state IN ('sent', 'failed');--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON outgoing_mail TO ledgerdesk_app;--> statement-breakpoint
ALTER TABLE outgoing_mail ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE outgoing_mail FORCE ROW LEVEL SECURITY;--> statement-breakpoint
DROP POLICY IF EXISTS outgoing_mail_owner ON outgoing_mail;--> statement-breakpoint
CREATE POLICY outgoing_mail_owner ON outgoing_mail
  USING (user_id = current_setting('app.user_id', true))
  WITH CHECK (user_id = current_setting('app.user_id', true));--> statement-breakpoint

-- The senders' cross-user work, as a narrow definer function (like the timers of 0008): claims at most
-- `max_rows` due messages — held ones whose time has come, and 'sending' ones whose node's lease ran out —
-- skipping rows another node is claiming, and answers only their ids and owners; the node then reads and sends
-- each inside its owner's row-level security. `now_at` is passed in so tests can move the clock; the lease runs
-- on the database's own clock. Settled rows past their keeping time are purged on the way.
CREATE OR REPLACE FUNCTION ledgerdesk_claim_due_outgoing_mail(now_at timestamptz, max_rows int, lease_seconds int)
RETURNS TABLE (user_id text, id uuid)
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public AS $$
BEGIN
  DELETE FROM outgoing_mail o
    WHERE (o.state = 'sent' AND o.settled_at < now_at - interval '1 day')
      OR (o.state = 'failed' AND o.settled_at < now_at - interval '30 days');
  RETURN QUERY
  UPDATE outgoing_mail m
    SET state = 'sending', attempts = m.attempts + 1,
      claimed_until = now() + make_interval(secs => lease_seconds)
    WHERE m.id IN (
      SELECT d.id FROM outgoing_mail d
      WHERE (d.state = 'held' AND d.send_at <= now_at) OR (d.state = 'sending' AND d.claimed_until < now())
      ORDER BY d.send_at
      LIMIT max_rows
      FOR UPDATE SKIP LOCKED)
  RETURNING m.user_id, m.id;
END
$$;--> statement-breakpoint
REVOKE ALL ON FUNCTION ledgerdesk_claim_due_outgoing_mail(timestamptz, int, int) FROM PUBLIC;--> statement-breakpoint
GRANT EXECUTE ON FUNCTION ledgerdesk_claim_due_outgoing_mail(timestamptz, int, int) TO ledgerdesk_app;
