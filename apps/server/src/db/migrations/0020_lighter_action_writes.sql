-- Issue 12: a bulk action of 500 items writes 500 item rows and queues 500 mailbox changes in one transaction;
-- every index an item row is in and every foreign key a change checks is paid 500 times.

-- A change's action and user never act as foreign keys: actions are pruned only once no change names them
-- (ledgerdesk_outbox_prune), and a user's changes go with their mailboxes (email_integration_id cascades).
-- The two lookups per queued change are dropped; the mailbox and item keys stay.
ALTER TABLE mailbox_changes DROP CONSTRAINT IF EXISTS mailbox_changes_action_id_fkey;--> statement-breakpoint
ALTER TABLE mailbox_changes DROP CONSTRAINT IF EXISTS mailbox_changes_user_id_fkey;--> statement-breakpoint

-- (user_id, thread_key) is the prefix of triage_items_user_thread_time_idx, which answers the same lookups.
DROP INDEX IF EXISTS triage_items_user_thread_idx;
