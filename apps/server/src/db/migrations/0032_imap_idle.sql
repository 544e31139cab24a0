-- IMAP push (issue 30, decisions 021 and 023): one node at a time holds a mailbox's IDLE connection, by a lease
-- row taken with a conditional upsert and renewed while held; a node that dies stops renewing, and another node
-- takes the mailbox once the lease has run out. The lease table holds ids and node names only and is reached
-- only through the definer functions below (no policy: the app role cannot read it directly).
CREATE TABLE IF NOT EXISTS imap_idle_leases (
  email_integration_id uuid PRIMARY KEY REFERENCES email_integrations(id) ON DELETE cascade,
  -- The holding server process (host, pid and a random part: a restarted process is a new holder).
  node_id text NOT NULL,
  expires_at timestamp with time zone NOT NULL,
  acquired_at timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS imap_idle_leases_node ON imap_idle_leases (node_id);--> statement-breakpoint
ALTER TABLE imap_idle_leases ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE imap_idle_leases FORCE ROW LEVEL SECURITY;--> statement-breakpoint

-- IDLE is the IMAP mailboxes' live-updates channel, recorded in mailbox_push like a subscription or a watch.
ALTER TABLE mailbox_push DROP CONSTRAINT IF EXISTS check_mailbox_push_channel;--> statement-breakpoint
ALTER TABLE mailbox_push ADD CONSTRAINT check_mailbox_push_channel
  CHECK (channel IN ('graph-subscription', 'gmail-watch', 'imap-idle'));--> statement-breakpoint

-- The push jobs set up subscriptions and watches; IMAP mailboxes have no such job (their IDLE is held by a node).
CREATE OR REPLACE FUNCTION ledgerdesk_push_due(now_at timestamptz, renew_after interval, max_rows int)
RETURNS TABLE (email_integration_id uuid, user_id text, provider text)
LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public AS $$
  SELECT i.id, i.user_id, i.provider
  FROM email_integrations i LEFT JOIN mailbox_push p ON p.email_integration_id = i.id
  WHERE i.is_active AND NOT i.needs_reconnect AND i.provider <> 'imap'
    AND (p.email_integration_id IS NULL
      OR (p.state <> 'live' AND p.next_attempt_at <= now_at)
      OR (p.state = 'live' AND (p.renewed_at IS NULL OR p.renewed_at <= now_at - renew_after
                                OR p.expires_at IS NULL OR p.expires_at <= now_at + renew_after)))
  ORDER BY coalesce(p.next_attempt_at, i.created_at)
  LIMIT max_rows
$$;--> statement-breakpoint

-- Takes up to max_rows IMAP mailboxes for `node`: active, connection fine, not backing off after a failed IDLE,
-- and unleased or with a lapsed lease. The upsert's condition is checked on the locked row, so two nodes asking
-- at once never both get a mailbox.
CREATE OR REPLACE FUNCTION ledgerdesk_imap_idle_claim(node text, lease interval, max_rows int)
RETURNS TABLE (email_integration_id uuid, user_id text)
LANGUAGE sql VOLATILE SECURITY DEFINER SET search_path = public AS $$
  WITH candidates AS (
    SELECT i.id
    FROM email_integrations i
    LEFT JOIN imap_idle_leases l ON l.email_integration_id = i.id
    LEFT JOIN mailbox_push p ON p.email_integration_id = i.id
    WHERE i.provider = 'imap' AND i.is_active AND NOT i.needs_reconnect
      AND (l.email_integration_id IS NULL OR l.expires_at < clock_timestamp())
      AND (p.email_integration_id IS NULL
        OR NOT (p.channel = 'imap-idle' AND p.state = 'failing' AND p.next_attempt_at > clock_timestamp()))
    ORDER BY coalesce(p.next_attempt_at, i.created_at)
    LIMIT greatest(max_rows, 0)
  ), taken AS (
    INSERT INTO imap_idle_leases (email_integration_id, node_id, expires_at, acquired_at)
    SELECT id, node, clock_timestamp() + lease, clock_timestamp() FROM candidates
    ON CONFLICT (email_integration_id) DO UPDATE
      SET node_id = excluded.node_id, expires_at = excluded.expires_at, acquired_at = excluded.acquired_at
      WHERE imap_idle_leases.expires_at < clock_timestamp()
    RETURNING imap_idle_leases.email_integration_id
  )
  SELECT t.email_integration_id, i.user_id FROM taken t JOIN email_integrations i ON i.id = t.email_integration_id
$$;--> statement-breakpoint
REVOKE ALL ON FUNCTION ledgerdesk_imap_idle_claim(text, interval, int) FROM PUBLIC;--> statement-breakpoint
GRANT EXECUTE ON FUNCTION ledgerdesk_imap_idle_claim(text, interval, int) TO ledgerdesk_app;--> statement-breakpoint

-- Extends the leases `node` still holds on mailboxes that are still IMAP, active and connected; answers those.
-- A mailbox missing from the answer (disconnected, disabled, needing a new password, or taken by another node
-- after this node stalled past its lease) is dropped by the node.
CREATE OR REPLACE FUNCTION ledgerdesk_imap_idle_renew(node text, lease interval, ids uuid[])
RETURNS TABLE (email_integration_id uuid)
LANGUAGE sql VOLATILE SECURITY DEFINER SET search_path = public AS $$
  UPDATE imap_idle_leases l SET expires_at = clock_timestamp() + lease
  FROM email_integrations i
  WHERE l.email_integration_id = ANY(ids) AND l.node_id = node AND i.id = l.email_integration_id
    AND i.provider = 'imap' AND i.is_active AND NOT i.needs_reconnect
  RETURNING l.email_integration_id
$$;--> statement-breakpoint
REVOKE ALL ON FUNCTION ledgerdesk_imap_idle_renew(text, interval, uuid[]) FROM PUBLIC;--> statement-breakpoint
GRANT EXECUTE ON FUNCTION ledgerdesk_imap_idle_renew(text, interval, uuid[]) TO ledgerdesk_app;--> statement-breakpoint

-- Gives leases back (a dropped connection, a graceful shutdown): another node may take them at once.
CREATE OR REPLACE FUNCTION ledgerdesk_imap_idle_release(node text, ids uuid[])
RETURNS void
LANGUAGE sql VOLATILE SECURITY DEFINER SET search_path = public AS $$
  DELETE FROM imap_idle_leases WHERE node_id = node AND email_integration_id = ANY(ids)
$$;--> statement-breakpoint
REVOKE ALL ON FUNCTION ledgerdesk_imap_idle_release(text, uuid[]) FROM PUBLIC;--> statement-breakpoint
GRANT EXECUTE ON FUNCTION ledgerdesk_imap_idle_release(text, uuid[]) TO ledgerdesk_app;--> statement-breakpoint

-- Which node holds each IMAP mailbox's IDLE now (tests and operators): ids and node names only.
CREATE OR REPLACE FUNCTION ledgerdesk_imap_idle_holders()
RETURNS TABLE (email_integration_id uuid, node_id text, expires_at timestamptz)
LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public AS $$
  SELECT email_integration_id, node_id, expires_at FROM imap_idle_leases WHERE expires_at >= clock_timestamp()
$$;--> statement-breakpoint
REVOKE ALL ON FUNCTION ledgerdesk_imap_idle_holders() FROM PUBLIC;--> statement-breakpoint
GRANT EXECUTE ON FUNCTION ledgerdesk_imap_idle_holders() TO ledgerdesk_app;
