-- IMAP/SMTP mailboxes (issue 30, decision 023). An IMAP integration is a row of email_integrations like the
-- others (same owner policies, same sync cursors in metadata); it has no OAuth tokens but an account: the
-- IMAP and SMTP servers and the login, AES-256-GCM encrypted by the server (as tokens are) and never sent to a
-- client.
ALTER TABLE email_integrations DROP CONSTRAINT IF EXISTS email_integrations_check_provider;--> statement-breakpoint
ALTER TABLE email_integrations ADD CONSTRAINT email_integrations_check_provider
  CHECK (provider IN ('office365', 'gmail', 'imap'));--> statement-breakpoint
ALTER TABLE email_integrations ADD COLUMN IF NOT EXISTS imap_account text;
