-- Push sync and reconciliation (decision 021). Two per-mailbox tables, owned by the mailbox's user under
-- row-level security, and the definer functions the cross-user callers need (a webhook knows a subscription id,
-- a Pub/Sub message an address, the fleet's round every mailbox): ids, owners, states and times only.

-- Live updates of one mailbox: a Graph subscription or a Gmail watch, its state and its health.
CREATE TABLE IF NOT EXISTS mailbox_push (
  email_integration_id uuid PRIMARY KEY REFERENCES email_integrations(id) ON DELETE cascade,
  user_id text NOT NULL,
  -- 'graph-subscription' | 'gmail-watch'
  channel text NOT NULL,
  -- pending: to be created at next_attempt_at; live: subscribed; failing: the last attempt failed (retried with
  -- backoff at next_attempt_at); unavailable: this configuration cannot push (reason in last_error), looked at
  -- again at next_attempt_at.
  state text DEFAULT 'pending' NOT NULL,
  -- The provider's id of the subscription (Graph); null for a Gmail watch (one per mailbox, no id).
  subscription_id text,
  -- SHA-256 (hex) of the Graph subscription's clientState; the secret itself is never stored.
  client_state_hash text,
  expires_at timestamp with time zone,
  renewed_at timestamp with time zone,
  failure_count integer DEFAULT 0 NOT NULL,
  last_error text,
  next_attempt_at timestamp with time zone DEFAULT now() NOT NULL,
  last_notification_at timestamp with time zone,
  notification_count bigint DEFAULT 0 NOT NULL,
  -- Notifications for this subscription whose clientState did not match: answered, ignored and counted.
  rejected_count bigint DEFAULT 0 NOT NULL,
  updated_at timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT check_mailbox_push_channel CHECK (channel IN ('graph-subscription', 'gmail-watch')),
  CONSTRAINT check_mailbox_push_state CHECK (state IN ('pending', 'live', 'failing', 'unavailable'))
);--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS mailbox_push_subscription_key ON mailbox_push (subscription_id)
  WHERE subscription_id IS NOT NULL;--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON mailbox_push TO ledgerdesk_app;--> statement-breakpoint
ALTER TABLE mailbox_push ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE mailbox_push FORCE ROW LEVEL SECURITY;--> statement-breakpoint
DROP POLICY IF EXISTS mailbox_push_owner ON mailbox_push;--> statement-breakpoint
CREATE POLICY mailbox_push_owner ON mailbox_push
  USING (user_id = current_setting('app.user_id', true))
  WITH CHECK (user_id = current_setting('app.user_id', true));--> statement-breakpoint

-- Reconciliation of one mailbox: the provider's ids in the sync window compared with triage's.
CREATE TABLE IF NOT EXISTS mailbox_verifications (
  email_integration_id uuid PRIMARY KEY REFERENCES email_integrations(id) ON DELETE cascade,
  user_id text NOT NULL,
  -- Asked for from Email Integration: the next round runs it whatever its schedule.
  requested_at timestamp with time zone,
  started_at timestamp with time zone,
  verified_at timestamp with time zone,
  -- What the last completed run found: messages the provider holds in the window, those triage lacked (fetched
  -- and filed), and those triage held that the provider no longer has (settled as a sync settles them).
  message_count integer,
  missing_count integer,
  extra_count integer,
  last_error text,
  failed_at timestamp with time zone,
  updated_at timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON mailbox_verifications TO ledgerdesk_app;--> statement-breakpoint
ALTER TABLE mailbox_verifications ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE mailbox_verifications FORCE ROW LEVEL SECURITY;--> statement-breakpoint
DROP POLICY IF EXISTS mailbox_verifications_owner ON mailbox_verifications;--> statement-breakpoint
CREATE POLICY mailbox_verifications_owner ON mailbox_verifications
  USING (user_id = current_setting('app.user_id', true))
  WITH CHECK (user_id = current_setting('app.user_id', true));--> statement-breakpoint

-- A Graph notification names a subscription: which mailbox (and owner) it is, and the hash to check its
-- clientState against. Unknown ids answer nothing.
CREATE OR REPLACE FUNCTION ledgerdesk_push_by_subscription(subscription text)
RETURNS TABLE (email_integration_id uuid, user_id text, client_state_hash text)
LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public AS $$
  SELECT p.email_integration_id, p.user_id, p.client_state_hash
  FROM mailbox_push p JOIN email_integrations i ON i.id = p.email_integration_id
  WHERE p.subscription_id = subscription AND i.is_active
$$;--> statement-breakpoint
REVOKE ALL ON FUNCTION ledgerdesk_push_by_subscription(text) FROM PUBLIC;--> statement-breakpoint
GRANT EXECUTE ON FUNCTION ledgerdesk_push_by_subscription(text) TO ledgerdesk_app;--> statement-breakpoint

-- A Gmail notification names an address: the active Gmail mailboxes with that address whose watch is live.
CREATE OR REPLACE FUNCTION ledgerdesk_push_by_gmail_address(address text)
RETURNS TABLE (email_integration_id uuid, user_id text)
LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public AS $$
  SELECT i.id, i.user_id
  FROM email_integrations i JOIN mailbox_push p ON p.email_integration_id = i.id
  WHERE i.provider = 'gmail' AND lower(i.email_address) = lower(address) AND i.is_active
    AND NOT i.needs_reconnect AND p.channel = 'gmail-watch'
$$;--> statement-breakpoint
REVOKE ALL ON FUNCTION ledgerdesk_push_by_gmail_address(text) FROM PUBLIC;--> statement-breakpoint
GRANT EXECUTE ON FUNCTION ledgerdesk_push_by_gmail_address(text) TO ledgerdesk_app;--> statement-breakpoint

-- Counts a notification for a mailbox (accepted: it queued a sync; else its clientState was wrong).
CREATE OR REPLACE FUNCTION ledgerdesk_push_record_notification(integration uuid, accepted boolean, at timestamptz)
RETURNS void
LANGUAGE sql VOLATILE SECURITY DEFINER SET search_path = public AS $$
  UPDATE mailbox_push SET
    notification_count = notification_count + CASE WHEN accepted THEN 1 ELSE 0 END,
    rejected_count = rejected_count + CASE WHEN accepted THEN 0 ELSE 1 END,
    last_notification_at = CASE WHEN accepted THEN greatest(last_notification_at, at) ELSE last_notification_at END
  WHERE email_integration_id = integration
$$;--> statement-breakpoint
REVOKE ALL ON FUNCTION ledgerdesk_push_record_notification(uuid, boolean, timestamptz) FROM PUBLIC;--> statement-breakpoint
GRANT EXECUTE ON FUNCTION ledgerdesk_push_record_notification(uuid, boolean, timestamptz) TO ledgerdesk_app;--> statement-breakpoint

-- Mailboxes whose live updates need work now, for the fleet's round: never set up (connected before push, or
-- its row removed), due for an attempt (pending, failing, unavailable), or live and due for renewal (renewed
-- longer ago than renew_after, or expiring within renew_after).
CREATE OR REPLACE FUNCTION ledgerdesk_push_due(now_at timestamptz, renew_after interval, max_rows int)
RETURNS TABLE (email_integration_id uuid, user_id text, provider text)
LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public AS $$
  SELECT i.id, i.user_id, i.provider
  FROM email_integrations i LEFT JOIN mailbox_push p ON p.email_integration_id = i.id
  WHERE i.is_active AND NOT i.needs_reconnect
    AND (p.email_integration_id IS NULL
      OR (p.state <> 'live' AND p.next_attempt_at <= now_at)
      OR (p.state = 'live' AND (p.renewed_at IS NULL OR p.renewed_at <= now_at - renew_after
                                OR p.expires_at IS NULL OR p.expires_at <= now_at + renew_after)))
  ORDER BY coalesce(p.next_attempt_at, i.created_at)
  LIMIT max_rows
$$;--> statement-breakpoint
REVOKE ALL ON FUNCTION ledgerdesk_push_due(timestamptz, interval, int) FROM PUBLIC;--> statement-breakpoint
GRANT EXECUTE ON FUNCTION ledgerdesk_push_due(timestamptz, interval, int) TO ledgerdesk_app;--> statement-breakpoint

-- Mailboxes due for reconciliation: asked for, or not verified within `every` (a mailbox that has never
-- finished a sync waits for it).
CREATE OR REPLACE FUNCTION ledgerdesk_verify_due(now_at timestamptz, every interval, max_rows int)
RETURNS TABLE (email_integration_id uuid, user_id text)
LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public AS $$
  SELECT i.id, i.user_id
  FROM email_integrations i LEFT JOIN mailbox_verifications v ON v.email_integration_id = i.id
  WHERE i.is_active AND NOT i.needs_reconnect AND i.last_sync_at IS NOT NULL
    AND (v.requested_at IS NOT NULL
      OR coalesce(v.verified_at, v.failed_at, i.created_at) <= now_at - every)
  ORDER BY v.requested_at NULLS LAST, coalesce(v.verified_at, v.failed_at, i.created_at)
  LIMIT max_rows
$$;--> statement-breakpoint
REVOKE ALL ON FUNCTION ledgerdesk_verify_due(timestamptz, interval, int) FROM PUBLIC;--> statement-breakpoint
GRANT EXECUTE ON FUNCTION ledgerdesk_verify_due(timestamptz, interval, int) TO ledgerdesk_app;--> statement-breakpoint

-- The fleet's push and reconciliation state for /api/health and /api/metrics: counts and times, no names.
CREATE OR REPLACE FUNCTION ledgerdesk_push_fleet_health()
RETURNS TABLE (
  mailboxes bigint,
  push_live bigint,
  push_pending bigint,
  push_failing bigint,
  push_unavailable bigint,
  notifications bigint,
  rejected_notifications bigint,
  last_notification_at timestamptz,
  verified_mailboxes bigint,
  last_verified_at timestamptz,
  missing_found bigint,
  extra_found bigint
)
LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public AS $$
  SELECT
    count(*),
    count(*) FILTER (WHERE p.state = 'live'),
    count(*) FILTER (WHERE p.state = 'pending' OR p.state IS NULL),
    count(*) FILTER (WHERE p.state = 'failing'),
    count(*) FILTER (WHERE p.state = 'unavailable'),
    coalesce(sum(p.notification_count), 0)::bigint,
    coalesce(sum(p.rejected_count), 0)::bigint,
    max(p.last_notification_at),
    count(v.verified_at),
    max(v.verified_at),
    coalesce(sum(v.missing_count), 0)::bigint,
    coalesce(sum(v.extra_count), 0)::bigint
  FROM email_integrations i
  LEFT JOIN mailbox_push p ON p.email_integration_id = i.id
  LEFT JOIN mailbox_verifications v ON v.email_integration_id = i.id
  WHERE i.is_active
$$;--> statement-breakpoint
REVOKE ALL ON FUNCTION ledgerdesk_push_fleet_health() FROM PUBLIC;--> statement-breakpoint
GRANT EXECUTE ON FUNCTION ledgerdesk_push_fleet_health() TO ledgerdesk_app;
