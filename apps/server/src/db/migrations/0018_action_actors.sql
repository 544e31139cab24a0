-- Who took an action (issue 12, decision 012): a member acting on a mailbox shared with the firm writes the
-- owner's rows, so the action belongs to the owner; `actor_id` names the member, who may take it back and is told
-- when the mailbox refuses it. A bulk action over several owners' items is one action per owner; the later parts
-- name the first in `group_id`, so one Undo takes back all of them.
ALTER TABLE triage_actions ADD COLUMN IF NOT EXISTS actor_id text REFERENCES users(id) ON DELETE set null;--> statement-breakpoint
ALTER TABLE triage_actions ADD COLUMN IF NOT EXISTS group_id uuid;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS triage_actions_actor_idx ON triage_actions (actor_id) WHERE actor_id IS NOT NULL;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS triage_actions_group_idx ON triage_actions (group_id) WHERE group_id IS NOT NULL;--> statement-breakpoint
-- The actor sees the actions they took on others' rows (never changes them: the undo runs as the owner once the
-- route has checked the member still sees every item).
DROP POLICY IF EXISTS triage_actions_actor ON triage_actions;--> statement-breakpoint
CREATE POLICY triage_actions_actor ON triage_actions FOR SELECT
  USING (actor_id = current_setting('app.user_id', true));
