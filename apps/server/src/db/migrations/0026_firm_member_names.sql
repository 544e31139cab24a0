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
