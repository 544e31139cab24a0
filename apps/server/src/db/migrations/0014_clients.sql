-- Mail that knows its client (issue 15, decision 015): organisations (with their mail domains) and contacts, kept
-- for the user's firm (every member shares one client list) or, outside a firm, for the user; and threads filed
-- to work items by hand.
CREATE TABLE IF NOT EXISTS client_organisations (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  firm_id uuid REFERENCES firms(id) ON DELETE cascade,
  user_id text REFERENCES users(id) ON DELETE cascade,
  name text NOT NULL,
  -- Lower-cased mail domains whose senders belong to the organisation (never a public mail domain).
  domains text[] NOT NULL DEFAULT '{}',
  created_by text NOT NULL REFERENCES users(id) ON DELETE cascade,
  created_at timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT check_client_organisations_scope CHECK (num_nonnulls(firm_id, user_id) = 1),
  CONSTRAINT check_client_organisations_name CHECK (char_length(name) BETWEEN 1 AND 120)
);--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS client_organisations_name_key
  ON client_organisations (coalesce(firm_id::text, user_id), lower(name));--> statement-breakpoint
CREATE INDEX IF NOT EXISTS client_organisations_domains_idx ON client_organisations USING gin (domains);--> statement-breakpoint
CREATE TABLE IF NOT EXISTS client_contacts (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  firm_id uuid REFERENCES firms(id) ON DELETE cascade,
  user_id text REFERENCES users(id) ON DELETE cascade,
  organisation_id uuid REFERENCES client_organisations(id) ON DELETE set null,
  name text NOT NULL,
  -- The bare address, lower-cased.
  email text NOT NULL,
  created_by text NOT NULL REFERENCES users(id) ON DELETE cascade,
  created_at timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT check_client_contacts_scope CHECK (num_nonnulls(firm_id, user_id) = 1),
  CONSTRAINT check_client_contacts_name CHECK (char_length(name) BETWEEN 1 AND 120),
  CONSTRAINT check_client_contacts_email CHECK (char_length(email) BETWEEN 3 AND 320)
);--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS client_contacts_email_key
  ON client_contacts (coalesce(firm_id::text, user_id), email);--> statement-breakpoint
CREATE TABLE IF NOT EXISTS work_item_threads (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  work_item_id text NOT NULL,
  owner_user_id text NOT NULL REFERENCES users(id) ON DELETE cascade,
  email_integration_id uuid REFERENCES email_integrations(id) ON DELETE cascade,
  thread_key text NOT NULL,
  subject text NOT NULL,
  filed_by text NOT NULL REFERENCES users(id) ON DELETE cascade,
  filed_at timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT check_work_item_threads_item CHECK (char_length(work_item_id) BETWEEN 1 AND 100),
  CONSTRAINT check_work_item_threads_key CHECK (char_length(thread_key) BETWEEN 1 AND 1000)
);--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS work_item_threads_key
  ON work_item_threads (work_item_id, owner_user_id, thread_key);--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON client_organisations, client_contacts, work_item_threads
  TO ledgerdesk_app;--> statement-breakpoint

ALTER TABLE client_organisations ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE client_organisations FORCE ROW LEVEL SECURITY;--> statement-breakpoint
DROP POLICY IF EXISTS client_organisations_scope ON client_organisations;--> statement-breakpoint
CREATE POLICY client_organisations_scope ON client_organisations
  USING ((firm_id IS NOT NULL AND firm_id = ledgerdesk_current_firm_id())
    OR (user_id IS NOT NULL AND user_id = current_setting('app.user_id', true)))
  WITH CHECK ((firm_id IS NOT NULL AND firm_id = ledgerdesk_current_firm_id())
    OR (user_id IS NOT NULL AND user_id = current_setting('app.user_id', true)));--> statement-breakpoint
ALTER TABLE client_contacts ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE client_contacts FORCE ROW LEVEL SECURITY;--> statement-breakpoint
DROP POLICY IF EXISTS client_contacts_scope ON client_contacts;--> statement-breakpoint
CREATE POLICY client_contacts_scope ON client_contacts
  USING ((firm_id IS NOT NULL AND firm_id = ledgerdesk_current_firm_id())
    OR (user_id IS NOT NULL AND user_id = current_setting('app.user_id', true)))
  WITH CHECK ((firm_id IS NOT NULL AND firm_id = ledgerdesk_current_firm_id())
    OR (user_id IS NOT NULL AND user_id = current_setting('app.user_id', true)));--> statement-breakpoint
ALTER TABLE work_item_threads ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE work_item_threads FORCE ROW LEVEL SECURITY;--> statement-breakpoint
DROP POLICY IF EXISTS work_item_threads_read ON work_item_threads;--> statement-breakpoint
CREATE POLICY work_item_threads_read ON work_item_threads FOR SELECT
  USING (ledgerdesk_can_see_thread(owner_user_id, email_integration_id));--> statement-breakpoint
DROP POLICY IF EXISTS work_item_threads_file ON work_item_threads;--> statement-breakpoint
CREATE POLICY work_item_threads_file ON work_item_threads FOR INSERT
  WITH CHECK (filed_by = current_setting('app.user_id', true)
    AND ledgerdesk_can_see_thread(owner_user_id, email_integration_id));--> statement-breakpoint
DROP POLICY IF EXISTS work_item_threads_unfile ON work_item_threads;--> statement-breakpoint
CREATE POLICY work_item_threads_unfile ON work_item_threads FOR DELETE
  USING (ledgerdesk_can_see_thread(owner_user_id, email_integration_id));
