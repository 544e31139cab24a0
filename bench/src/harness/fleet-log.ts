import pg from 'pg';
import { APP_ROLE, type Database } from '../../../apps/server/src/db/client';

/** Subjects of the fleet benchmark's messages start with this (the item log keeps only those). */
export const FLEET_SUBJECT_PREFIX = 'Fleet ';

// The bench's own instruments in the bench database (never in the product's migrations): every change of an
// integration's last_sync_at (one per successful sync run, whichever scheduler ran it, with the connection's
// application_name = the node) and the moment each fleet message's triage item was inserted
// (clock_timestamp() in an AFTER INSERT row trigger, so the time of the insert itself, not of its transaction's
// start). The app role may write and read them; nothing else is granted.
const INSTALL_SQL = `
create table if not exists bench_fleet_syncs (
  integration_id text not null, synced_at timestamptz not null, logged_at timestamptz not null, node text);
create table if not exists bench_fleet_items (
  subject text not null, created_at timestamptz not null, inserted_at timestamptz not null);
grant select, insert on bench_fleet_syncs, bench_fleet_items to ${APP_ROLE};
create or replace function bench_fleet_log_sync() returns trigger language plpgsql as $$
begin
  if new.last_sync_at is not null and new.last_sync_at is distinct from old.last_sync_at then
    insert into bench_fleet_syncs values
      (new.id::text, new.last_sync_at, clock_timestamp(), current_setting('application_name', true));
  end if;
  return null;
end $$;
drop trigger if exists bench_fleet_log_sync on email_integrations;
create trigger bench_fleet_log_sync after update of last_sync_at on email_integrations
  for each row execute function bench_fleet_log_sync();
create or replace function bench_fleet_log_item() returns trigger language plpgsql as $$
begin
  insert into bench_fleet_items values (new.subject, new.created_at, clock_timestamp());
  return null;
end $$;
drop trigger if exists bench_fleet_log_item on triage_items;
create trigger bench_fleet_log_item after insert on triage_items
  for each row when (new.subject like '${FLEET_SUBJECT_PREFIX}%') execute function bench_fleet_log_item();
`;

/** Installs the sync and item logs (as the database owner; before any sync runs). */
export async function installFleetLog(database: Database): Promise<void> {
  if (database.kind === 'postgres') {
    await withOwner((client) => client.query(INSTALL_SQL));
    return;
  }
  // Embedded PGlite is one session, running as the app role: step out of it for the DDL, in one script.
  // (RESET SESSION AUTHORIZATION leaves PGlite's session as the app role; naming its superuser works.)
  await runJobsSql(
    database,
    `set session authorization postgres;\n${INSTALL_SQL}\nset session authorization ${APP_ROLE};`,
  );
}

/**
 * A read the app role cannot do on PostgreSQL (pg-boss's schema belongs to the owner there): through a
 * separate owner connection on PostgreSQL, through the one session (where the app role owns pg-boss's schema
 * and may read the logs) on PGlite.
 */
export async function ownerRows<T>(database: Database, text: string, values: unknown[]): Promise<T[]> {
  if (database.kind === 'postgres')
    return withOwner(async (client) => (await client.query(text, values)).rows);
  return (await runJobsSql(database, text, values)) as T[];
}

async function runJobsSql(database: Database, text: string, values?: unknown[]): Promise<unknown[]> {
  const jobs = database.jobs;
  if (!('executeSql' in jobs)) throw new Error('the embedded database has no direct session');
  return (await jobs.executeSql(text, values)).rows;
}

async function withOwner<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}
