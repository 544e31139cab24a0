-- Issue 27: a mailbox's outbox lease dies with its holder (decision 020). A node holds a session advisory lock
-- (key pair (7461025, holder_lock), taken by mail/outbox/outbox-holder.ts) for as long as it lives: on PostgreSQL on
-- a connection of its own, which the server ends when the process dies; on embedded PGlite in its one session,
-- which ends with the process. A lease whose holder's lock nobody holds any more is dead at once, so a restarted
-- node (or any other) resumes its queued changes without waiting for `lease_until`; a holder that is alive but
-- stuck still keeps its lease until `lease_until`, as before. Leases without a lock key (written by nodes of
-- an earlier version during a rolling deploy) run out as before.
ALTER TABLE mailbox_change_leases ADD COLUMN IF NOT EXISTS holder_lock integer;--> statement-breakpoint

-- Whether a node holding lock key `holder_lock` is alive: its session advisory lock is held in this database.
-- pg_locks shows every session's locks to any role (no statistics privilege needed).
CREATE OR REPLACE FUNCTION ledgerdesk_outbox_holder_alive(holder_lock integer)
RETURNS boolean
LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public, pg_catalog AS $$
  SELECT holder_lock IS NULL OR EXISTS (
    SELECT 1 FROM pg_locks k
    WHERE k.locktype = 'advisory' AND k.granted AND k.objsubid = 2
      AND k.classid = 7461025::oid AND k.objid = holder_lock::oid
      AND k.database = (SELECT d.oid FROM pg_database d WHERE d.datname = current_database()))
$$;--> statement-breakpoint
REVOKE ALL ON FUNCTION ledgerdesk_outbox_holder_alive(integer) FROM PUBLIC;--> statement-breakpoint
GRANT EXECUTE ON FUNCTION ledgerdesk_outbox_holder_alive(integer) TO ledgerdesk_app;--> statement-breakpoint

-- Mailboxes with changes to push now (due, and not leased by a live holder), across users, for every node's sweep.
-- The live leases are found once per call (pg_locks is read once, not once per queued change).
CREATE OR REPLACE FUNCTION ledgerdesk_outbox_due(now_at timestamptz, max_rows int)
RETURNS TABLE (email_integration_id uuid, user_id text)
LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public AS $$
  WITH held AS MATERIALIZED (
    SELECT l.email_integration_id FROM mailbox_change_leases l
    WHERE l.lease_until > now()
      AND (l.holder_lock IS NULL OR l.holder_lock::oid IN (
        SELECT k.objid FROM pg_catalog.pg_locks k
        WHERE k.locktype = 'advisory' AND k.granted AND k.objsubid = 2 AND k.classid = 7461025::oid
          AND k.database = (SELECT d.oid FROM pg_catalog.pg_database d WHERE d.datname = current_database()))))
  SELECT c.email_integration_id, min(c.user_id)
  FROM mailbox_changes c
  WHERE c.state IN ('pending', 'pushing') AND c.not_before <= now_at
    AND NOT EXISTS (SELECT 1 FROM held h WHERE h.email_integration_id = c.email_integration_id)
  GROUP BY c.email_integration_id
  ORDER BY min(c.id)
  LIMIT max_rows
$$;--> statement-breakpoint

-- Takes (or renews) the lease of a mailbox for `holder_name`, whose node holds lock key `lock_key`; answers whether
-- it holds it now. A holder whose own lock is gone (its connection dropped) takes nothing; a lease held by
-- another holder is taken when it ran out or when that holder's lock is gone.
CREATE OR REPLACE FUNCTION ledgerdesk_outbox_take_lease(integration uuid, holder_name text, lock_key integer,
  seconds int)
RETURNS boolean
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public AS $$
DECLARE
  taken boolean;
BEGIN
  IF NOT ledgerdesk_outbox_holder_alive(lock_key) THEN
    RETURN false;
  END IF;
  INSERT INTO mailbox_change_leases AS l (email_integration_id, holder, holder_lock, lease_until)
    VALUES (integration, holder_name, lock_key, now() + make_interval(secs => seconds))
    ON CONFLICT (email_integration_id) DO UPDATE
      SET holder = excluded.holder, holder_lock = excluded.holder_lock, lease_until = excluded.lease_until
      WHERE l.holder = excluded.holder OR l.lease_until <= now()
        OR NOT ledgerdesk_outbox_holder_alive(l.holder_lock)
    RETURNING true INTO taken;
  RETURN coalesce(taken, false);
END
$$;--> statement-breakpoint
REVOKE ALL ON FUNCTION ledgerdesk_outbox_take_lease(uuid, text, integer, int) FROM PUBLIC;--> statement-breakpoint
GRANT EXECUTE ON FUNCTION ledgerdesk_outbox_take_lease(uuid, text, integer, int) TO ledgerdesk_app;
