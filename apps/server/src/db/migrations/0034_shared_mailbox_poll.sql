-- Decision 028: a Microsoft 365 shared mailbox without live updates is polled every SHARED_MAILBOX_POLL_SECONDS
-- (15 s) by its own slot instead of every round. The fleet's one cross-user read now also says whether a mailbox
-- is shared (ids, timestamps, settings and flags only, as before). The return type changes: dropped and made again.
DROP FUNCTION IF EXISTS ledgerdesk_sync_candidates();--> statement-breakpoint
CREATE FUNCTION ledgerdesk_sync_candidates()
RETURNS TABLE (
  id uuid,
  user_id text,
  provider text,
  created_at timestamptz,
  last_sync_at timestamptz,
  token_expires_at timestamptz,
  sync_error_count integer,
  last_sync_error_at timestamptz,
  source_id uuid,
  source_is_active boolean,
  sync_enabled boolean,
  sync_interval_minutes integer,
  peak_hours_interval_minutes integer,
  off_peak_interval_minutes integer,
  priority integer,
  is_push_live boolean,
  is_shared boolean
)
LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public AS $$
  SELECT i.id, i.user_id, i.provider, i.created_at, i.last_sync_at, i.token_expires_at,
         coalesce((i.metadata->>'sync_error_count')::int, 0),
         (i.metadata->>'last_sync_error_at')::timestamptz,
         s.id, s.is_active, s.sync_enabled, s.sync_interval_minutes, s.peak_hours_interval_minutes,
         s.off_peak_interval_minutes, s.priority,
         coalesce(p.state = 'live', false),
         i.mailbox_kind = 'shared'
  FROM email_integrations i
  LEFT JOIN LATERAL (
    SELECT ns.* FROM notification_sources ns
    WHERE ns.user_id = i.user_id AND ns.source_type = 'email'
      AND ns.configuration->>'integration_id' = i.id::text
    ORDER BY ns.priority DESC, ns.created_at
    LIMIT 1
  ) s ON true
  LEFT JOIN mailbox_push p ON p.email_integration_id = i.id
  WHERE i.is_active AND NOT i.needs_reconnect
$$;--> statement-breakpoint
REVOKE ALL ON FUNCTION ledgerdesk_sync_candidates() FROM PUBLIC;--> statement-breakpoint
GRANT EXECUTE ON FUNCTION ledgerdesk_sync_candidates() TO ledgerdesk_app;
