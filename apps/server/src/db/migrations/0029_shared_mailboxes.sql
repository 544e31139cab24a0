-- Microsoft 365 shared mailboxes (issue 30, decision 024). A shared mailbox is an Office 365 integration whose
-- email_address is the shared mailbox's and whose tokens are the signed-in user's own (delegated access through
-- Graph's /users/{address}/ paths with the .Shared scopes). The rows stay under the owner policies of
-- email_integrations (decision 002); nothing here widens what anybody can read.
ALTER TABLE "email_integrations" ADD COLUMN "mailbox_kind" text DEFAULT 'personal' NOT NULL;--> statement-breakpoint
ALTER TABLE "email_integrations" ADD CONSTRAINT "email_integrations_check_mailbox_kind"
  CHECK ("mailbox_kind" IN ('personal', 'shared')
    AND ("mailbox_kind" = 'personal' OR "provider" = 'office365'));--> statement-breakpoint
-- The address of the user whose sign-in opens the shared mailbox (null for a personal mailbox).
ALTER TABLE "email_integrations" ADD COLUMN "signed_in_as" text;--> statement-breakpoint
ALTER TABLE "email_integrations" ADD CONSTRAINT "email_integrations_check_signed_in_as"
  CHECK (("mailbox_kind" = 'shared') = ("signed_in_as" IS NOT NULL));--> statement-breakpoint
-- Set when the tenant took the user's access away (Graph 403 ErrorAccessDenied / 404 ErrorInvalidUser on the
-- mailbox). Set together with needs_reconnect, which every fleet query already skips, so nothing retries in a
-- loop; cleared by a reconnect, or by a check that finds the access granted again.
ALTER TABLE "email_integrations" ADD COLUMN "access_removed_at" timestamp with time zone;
