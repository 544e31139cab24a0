-- Issue 27: colleagues are shown by their display name (spec §5: the profile's full name, else the part of the
-- email before the @), not by their address. Profiles are readable only by their owner (RLS); this function
-- reveals to a firm member the full name of each member of their own firm, and nothing else, as
-- ledgerdesk_firm_member_handles() does for handles.

CREATE OR REPLACE FUNCTION ledgerdesk_firm_member_names()
RETURNS TABLE (user_id text, full_name text)
LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public AS $$
  SELECT m.user_id, p.full_name FROM firm_members m
  LEFT JOIN profiles p ON p.id = m.user_id
  WHERE m.firm_id = (SELECT firm_id FROM firm_members WHERE user_id = current_setting('app.user_id', true))
$$;--> statement-breakpoint
REVOKE ALL ON FUNCTION ledgerdesk_firm_member_names() FROM PUBLIC;--> statement-breakpoint
GRANT EXECUTE ON FUNCTION ledgerdesk_firm_member_names() TO ledgerdesk_app;
--> statement-breakpoint

-- Issue 27: a member's view of a shared mailbox shows its connection state (the owner's integration): whether it
-- is active, when its token expires and when it last synced, for the mailboxes shared with the caller's firm
-- only. Email integrations stay own-row under RLS; no token or other column leaves through here.
CREATE OR REPLACE FUNCTION ledgerdesk_shared_mailbox_connections()
RETURNS TABLE (integration_id uuid, is_active boolean, token_expires_at timestamptz, last_sync_at timestamptz)
LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public AS $$
  SELECT i.id, i.is_active, i.token_expires_at, i.last_sync_at
  FROM ledgerdesk_shared_mailboxes() v
  JOIN email_integrations i ON i.id = v.integration_id AND i.user_id = v.owner_user_id
$$;--> statement-breakpoint
REVOKE ALL ON FUNCTION ledgerdesk_shared_mailbox_connections() FROM PUBLIC;--> statement-breakpoint
GRANT EXECUTE ON FUNCTION ledgerdesk_shared_mailbox_connections() TO ledgerdesk_app;
