import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Connected, connectFreshMailbox } from '../mail/support/mail-fixtures';
import { callFunction, createMailHarness, type MailHarness, sandboxEnv } from '../mail/support/mail-harness';
import { mailboxKeys, storedItems, storedKeys } from '../mail/support/mailbox-compare';
import { jobRows, waitFor } from './support/job-rows';
import { type ServerNode, startServerNode } from './support/server-node';

const INTERVAL_SECONDS = 2;
const EXPIRE_SECONDS = 6;

// Two real server processes on one PostgreSQL (CI): shared scheduling, a node killed mid-sync, SSE across nodes.
describe.skipIf(!process.env.TEST_DATABASE_URL)('several server nodes on one PostgreSQL', () => {
  let h: MailHarness;
  const nodes: ServerNode[] = [];
  const secrets = {
    AUTH_SECRET: crypto.randomBytes(32).toString('hex'),
    TOKEN_ENCRYPTION_KEY: crypto.randomBytes(32).toString('base64'),
  };
  const boxes: Connected[] = [];
  let env: Record<string, string> = {};

  beforeAll(async () => {
    // The harness app (no fleet) sets mailboxes up; the nodes share its database and sandbox.
    h = await createMailHarness('postgres', { env: secrets });
    for (let index = 0; index < 6; index++) {
      const box = await connectFreshMailbox(h, index % 2 === 0 ? 'gmail' : 'office365', { messages: 4 });
      await callFunction(h.app, box.cookie, 'initialize-sync-config', { integrationId: box.integrationId });
      boxes.push(box);
    }
    const url = h.database.url;
    if (!url) throw new Error('no database url');
    env = {
      ...sandboxEnv(h.sandbox.url),
      ...secrets,
      MAIL_SANDBOX: 'off',
      // The rounds' poll is under test: with live updates a mailbox is polled every 5 rounds (decision 026).
      MAIL_PUSH: 'off',
      SYNC_INTERVAL_SECONDS: String(INTERVAL_SECONDS),
      SYNC_JOB_EXPIRE_SECONDS: String(EXPIRE_SECONDS),
      SYNC_CONCURRENCY: '2',
    };
    nodes.push(await startServerNode('node-a', 4011, url, env));
    nodes.push(await startServerNode('node-b', 4012, url, env));
  }, 120_000);

  afterAll(async () => {
    for (const node of nodes) await node.stop();
    await h?.close();
  });

  it('schedules each mailbox exactly once per round across both nodes', async () => {
    const countRounds = async () =>
      Number(
        (
          await jobRows<{ count: string }>(
            h,
            `select count(*) as count from pgboss.job where name = 'mail-sync-round' and state = 'completed'`,
          )
        )[0]?.count,
      );
    const start = await countRounds();
    await waitFor(async () => (await countRounds()) >= start + 4, 60_000);
    const perSlot = await jobRows<{ key: string; slot: string; count: string }>(
      h,
      `select singleton_key as key, data->>'slot' as slot, count(*) as count from pgboss.job
       where name = 'mail-sync' group by 1, 2`,
    );
    expect(perSlot.length).toBeGreaterThan(0);
    expect(perSlot.filter((row) => Number(row.count) !== 1)).toEqual([]);
    const perMailbox = new Map<string, number>();
    for (const row of perSlot) perMailbox.set(row.key, (perMailbox.get(row.key) ?? 0) + 1);
    for (const box of boxes) expect(perMailbox.get(box.integrationId) ?? 0).toBeGreaterThanOrEqual(3);
    // Never two runs of one mailbox at the same time.
    const runs = await jobRows<{ key: string; started_on: Date; completed_on: Date | null }>(
      h,
      `select singleton_key as key, started_on, completed_on from pgboss.job
       where name = 'mail-sync' and started_on is not null order by singleton_key, started_on`,
    );
    for (let index = 1; index < runs.length; index++) {
      const previous = runs[index - 1];
      const run = runs[index];
      if (!previous || !run || previous.key !== run.key || !previous.completed_on) continue;
      expect(new Date(run.started_on).getTime()).toBeGreaterThanOrEqual(
        new Date(previous.completed_on).getTime(),
      );
    }
    // Both nodes did work.
    const rounds = nodes.map((node) => node.log.join('').includes('"msg":"sync round"'));
    expect(rounds.some(Boolean)).toBe(true);
  }, 90_000);

  it('finishes the sync of a node killed mid-sync on the other node: the mailbox ends exactly equal', async () => {
    const box = boxes.find((candidate) => candidate.address.includes('office365'));
    if (!box) throw new Error('no Office 365 mailbox');
    for (let index = 0; index < 25; index++) {
      await h.control('POST', '/messages', {
        mailbox: box.address,
        from: 'Pat Client <pat@client.test>',
        to: [box.address],
        subject: `Kill test ${index}`,
        text: 'x',
      });
    }
    // The next Graph delta call hangs: the sync holding it stays running (and holds the mailbox's lock).
    await h.control('POST', '/faults', {
      provider: 'office365',
      status: 'timeout',
      pathContains: 'delta',
      count: 1,
    });
    let holder: string | undefined;
    await waitFor(async () => {
      const rows = await jobRows<{ application_name: string }>(
        h,
        `select a.application_name from pg_locks l join pg_stat_activity a on a.pid = l.pid
         where l.locktype = 'advisory' and l.granted and l.objid = (hashtextextended($1, 0) & 4294967295)::oid`,
        [`ledgerdesk-sync:${box.integrationId}`],
      );
      holder = rows[0]?.application_name;
      return holder === 'node-a' || holder === 'node-b';
    }, 60_000);
    const victim = nodes.find((node) => node.name === holder);
    if (!victim) throw new Error('no lock holder');
    victim.process.kill('SIGKILL');
    await new Promise((resolve) => victim.process.once('exit', resolve));
    await waitFor(
      async () =>
        JSON.stringify(await storedKeys(h.app, box.userId, box.integrationId)) ===
        JSON.stringify(await mailboxKeys(h.control, box.address)),
      90_000,
    );
    const ids = (await storedItems(h.app, box.userId, box.integrationId)).map((item) => item.emailMessageId);
    expect(new Set(ids).size).toBe(ids.length);
    expect(await storedKeys(h.app, box.userId, box.integrationId)).toEqual(
      await mailboxKeys(h.control, box.address),
    );
  }, 150_000);

  it('delivers a change written through one node to an SSE client of the other', async () => {
    const alive = nodes.filter((node) => node.process.exitCode === null && node.process.signalCode === null);
    const writer = alive[0];
    if (!writer) throw new Error('no node');
    // The kill test above left one node: start another to listen on.
    const listener = alive[1] ?? (await startServerNode('node-c', 4013, h.database.url ?? '', env));
    if (!alive.includes(listener)) nodes.push(listener);
    const box = boxes[0] as Connected;
    const controller = new AbortController();
    const events = await fetch(`${listener.url}/api/events`, {
      headers: { cookie: box.cookie },
      signal: controller.signal,
    });
    expect(events.status).toBe(200);
    const reader$ = events.body?.getReader();
    if (!reader$) throw new Error('no stream');
    const received: string[] = [];
    const reading = (async () => {
      const decoder = new TextDecoder();
      for (;;) {
        const { value, done } = await reader$.read();
        if (done) return;
        received.push(decoder.decode(value));
      }
    })().catch(() => undefined);
    await h.control('POST', '/messages', {
      mailbox: box.address,
      from: 'pat@client.test',
      to: [box.address],
      subject: 'Across nodes',
      text: 'hello',
    });
    const sync = await fetch(`${writer.url}/api/functions/sync-emails`, {
      method: 'POST',
      headers: { cookie: box.cookie, 'content-type': 'application/json' },
      body: JSON.stringify({ integrationId: box.integrationId }),
    });
    expect(sync.status, await sync.clone().text()).toBe(200);
    await waitFor(async () => received.join('').includes('event: triage'), 10_000);
    controller.abort();
    await reading;
  }, 60_000);
});
