-- Saved replies (templates), owned by one user each, under row-level security like every user row.
CREATE TABLE IF NOT EXISTS "reply_templates" (
  "id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  "user_id" text NOT NULL REFERENCES "users"("id") ON DELETE cascade,
  "name" text NOT NULL,
  "subject" text DEFAULT '' NOT NULL,
  "body" text NOT NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "updated_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "check_reply_templates_name" CHECK (char_length(name) BETWEEN 1 AND 60),
  CONSTRAINT "check_reply_templates_subject" CHECK (char_length(subject) <= 255),
  CONSTRAINT "check_reply_templates_body" CHECK (char_length(body) <= 20000)
);--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "reply_templates_user_name_idx" ON "reply_templates" ("user_id", lower("name"));--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON reply_templates TO ledgerdesk_app;--> statement-breakpoint
ALTER TABLE reply_templates ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE reply_templates FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY reply_templates_owner ON reply_templates
  USING (user_id = current_setting('app.user_id', true))
  WITH CHECK (user_id = current_setting('app.user_id', true));
