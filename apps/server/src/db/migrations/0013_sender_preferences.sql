-- A user's choice of where a sender's mail lands (issue 15, decision 014): Email or Notifications. Sync applies
-- it to every message from that address, and choosing re-types the user's items from that sender at once.
CREATE TABLE IF NOT EXISTS sender_preferences (
  user_id text NOT NULL REFERENCES users(id) ON DELETE cascade,
  -- The bare address, lower-cased.
  address text NOT NULL,
  kind text NOT NULL,
  updated_at timestamp with time zone DEFAULT now() NOT NULL,
  PRIMARY KEY (user_id, address),
  CONSTRAINT check_sender_preferences_kind CHECK (kind IN ('email', 'notification')),
  CONSTRAINT check_sender_preferences_address CHECK (char_length(address) BETWEEN 3 AND 320)
);--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON sender_preferences TO ledgerdesk_app;--> statement-breakpoint
ALTER TABLE sender_preferences ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE sender_preferences FORCE ROW LEVEL SECURITY;--> statement-breakpoint
DROP POLICY IF EXISTS sender_preferences_owner ON sender_preferences;--> statement-breakpoint
CREATE POLICY sender_preferences_owner ON sender_preferences
  USING (user_id = current_setting('app.user_id', true))
  WITH CHECK (user_id = current_setting('app.user_id', true));
