import crypto from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Connected, connectFreshMailbox } from '../mail/support/mail-fixtures';
import { callFunction, createMailHarness, type MailHarness, sandboxEnv } from '../mail/support/mail-harness';
import { mailboxKeys, storedKeys } from '../mail/support/mailbox-compare';
import { waitFor } from './support/job-rows';
import { type ServerNode, startServerNode } from './support/server-node';

const NODE = 'survivor';

// A lost database connection fails the work that used it, never the process: a real server process on
// PostgreSQL has the backend of each kind of connection it holds ended by pg_terminate_backend (the sync lock's
// dedicated connection mid-sync, the LISTEN connection, then every connection it has: the pool, pg-boss's pool,
// the outbox holder's lock), stays up through each, and its work comes back (syncs, live events).
describe.skipIf(!process.env.TEST_DATABASE_URL)('lost database connections (postgres)', () => {
  let h: MailHarness;
  let node: ServerNode;
  let box: Connected;
  let admin: pg.Client;
  const secrets = {
    AUTH_SECRET: crypto.randomBytes(32).toString('hex'),
    TOKEN_ENCRYPTION_KEY: crypto.randomBytes(32).toString('base64'),
  };

  beforeAll(async () => {
    h = await createMailHarness('postgres', { env: secrets });
    box = await connectFreshMailbox(h, 'office365', { messages: 4 });
    await callFunction(h.app, box.cookie, 'initialize-sync-config', { integrationId: box.integrationId });
    const url = h.database.url;
    if (!url) throw new Error('no database url');
    admin = new pg.Client({ connectionString: url });
    await admin.connect();
    node = await startServerNode(NODE, 39731, url, {
      ...sandboxEnv(h.sandbox.url),
      ...secrets,
      MAIL_SANDBOX: 'off',
      MAIL_PUSH: 'off',
      SYNC_INTERVAL_SECONDS: '2',
      SYNC_JOB_EXPIRE_SECONDS: '60',
    });
  }, 120_000);

  afterAll(async () => {
    await node?.stop();
    await admin?.end();
    await h?.close();
  });

  const expectAlive = async () => {
    // An unhandled 'error' event ends the process within a tick; give it time to.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(node.process.exitCode, node.log.join('')).toBeNull();
    expect(node.process.signalCode).toBeNull();
  };
  const terminate = async (where: string, values: unknown[] = []) => {
    const result = await admin.query<{ pid: number }>(
      `select a.pid from pg_stat_activity a where a.application_name = '${NODE}' and a.datname = current_database()
         and a.pid <> pg_backend_pid() and ${where}`,
      values,
    );
    const pids = result.rows.map((row) => row.pid);
    await admin.query('select pg_terminate_backend(pid) from unnest($1::int[]) as pid', [pids]);
    return pids;
  };
  const addMessage = (subject: string) =>
    h.control('POST', '/messages', {
      mailbox: box.address,
      from: 'Pat Client <pat@client.test>',
      to: [box.address],
      subject,
      text: 'x',
    });
  const inTriage = async () =>
    JSON.stringify(await storedKeys(h.app, box.userId, box.integrationId)) ===
    JSON.stringify(await mailboxKeys(h.control, box.address));

  it('stays up when the sync lock’s connection is ended mid-sync, and the mailbox syncs again', async () => {
    await waitFor(inTriage, 60_000);
    await addMessage('Before the lock is lost');
    // The next Graph delta call hangs: the sync holding it stays running, and holds the mailbox's lock.
    await h.control('POST', '/faults', {
      provider: 'office365',
      status: 'timeout',
      pathContains: 'delta',
      count: 1,
    });
    const lockKey = `ledgerdesk-sync:${box.integrationId}`;
    const lockHolder = `a.pid in (select l.pid from pg_locks l where l.locktype = 'advisory' and l.granted
       and l.objid = (hashtextextended($1, 0) & 4294967295)::oid)`;
    await waitFor(
      async () =>
        (await admin.query(`select 1 from pg_stat_activity a where ${lockHolder}`, [lockKey])).rowCount === 1,
      60_000,
    );
    expect(await terminate(lockHolder, [lockKey])).toHaveLength(1);
    await expectAlive();
    await addMessage('After the lock was lost');
    // The run that lost its lock fails (once its held provider call runs out) and the job engine runs it again.
    await waitFor(async () => node.log.join('').includes('sync lock lost with its connection'), 120_000);
    await waitFor(inTriage, 120_000);
    await expectAlive();
  }, 240_000);

  it('stays up when its LISTEN connection is ended, and live events flow again', async () => {
    const controller = new AbortController();
    const events = await fetch(`${node.url}/api/events`, {
      headers: { cookie: box.cookie },
      signal: controller.signal,
    });
    expect(events.status).toBe(200);
    const reader = events.body?.getReader();
    if (!reader) throw new Error('no stream');
    const received: string[] = [];
    const reading = (async () => {
      const decoder = new TextDecoder();
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return;
        received.push(decoder.decode(value));
      }
    })().catch(() => undefined);
    expect(await terminate(`a.query ilike 'listen %'`)).not.toHaveLength(0);
    await expectAlive();
    await addMessage('After LISTEN was lost');
    await waitFor(async () => received.join('').includes('event: triage'), 60_000);
    controller.abort();
    await reading;
  }, 120_000);

  it('stays up when every connection it holds is ended at once, and syncs go on', async () => {
    const ended = await terminate('true');
    // The app's pool, pg-boss's pool, the outbox holder's lock and the listener at least.
    expect(ended.length).toBeGreaterThanOrEqual(3);
    await expectAlive();
    await addMessage('After every connection was lost');
    await waitFor(inTriage, 60_000);
    const health = await fetch(`${node.url}/api/health`);
    expect(health.status).toBe(200);
    await expectAlive();
  }, 120_000);
});
