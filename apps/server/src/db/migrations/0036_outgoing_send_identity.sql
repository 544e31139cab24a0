-- Unknown-outcome sends (decision 029): every outgoing message carries an identity of our own, fixed when it is
-- held — before its first attempt — and sent with it (Graph: a single-value extended property; Gmail and SMTP:
-- our Message-ID and an X-Ledgerdesk-Send-Id header). A retried attempt looks for it in Sent before posting
-- again. Rows held before this migration get one now (a volatile default is evaluated per row).
ALTER TABLE outgoing_mail ADD COLUMN IF NOT EXISTS send_id uuid NOT NULL DEFAULT gen_random_uuid();
