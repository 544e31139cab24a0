// Rules applied exactly once across two real server processes (decision 025): both nodes sync the same
// mailbox's new mail at once, again and again, then one node resets the mailbox (the messages refiled); each rule
// still applied once per message and rule version, with one undo record and one outbox change per message.
// Two processes share one PostgreSQL (PGlite is one process's database: two nodes cannot share it).
import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../src/db/rows-of';
import { withUser } from '../../src/db/with-user';
import { jobRows } from '../jobs/support/job-rows';
import { type ServerNode, startServerNode } from '../jobs/support/server-node';
import { type Connected, connectFreshMailbox, sync } from '../mail/support/mail-fixtures';
import { callFunction, createMailHarness, type MailHarness, sandboxEnv } from '../mail/support/mail-harness';
import { storedItems } from '../mail/support/mailbox-compare';

const MESSAGES = 12;
const WAVES = 3;
const NODE_PORTS = [5410, 5411];
const postgresUrl = process.env.TEST_DATABASE_URL;

if (!postgresUrl)
  console.info(
    'rules-two-nodes: skipped — two server processes need a shared PostgreSQL (set TEST_DATABASE_URL)',
  );

describe.skipIf(!postgresUrl)('rules applied once on two server nodes of one PostgreSQL', () => {
  let h: MailHarness;
  let box: Connected;
  let ruleId = '';
  const nodes: ServerNode[] = [];
  const stamp = Date.now().toString(36);
  const secrets = {
    AUTH_SECRET: crypto.randomBytes(32).toString('hex'),
    TOKEN_ENCRYPTION_KEY: crypto.randomBytes(32).toString('base64'),
  };
  const onNode = (node: ServerNode, name: string, body: object) =>
    fetch(`${node.url}/api/functions/${name}`, {
      method: 'POST',
      headers: { cookie: box.cookie, 'content-type': 'application/json' },
      body: JSON.stringify({ integrationId: box.integrationId, ...body }),
    });

  beforeAll(async () => {
    h = await createMailHarness('postgres', { env: secrets });
    box = await connectFreshMailbox(h, 'office365', { messages: 0 });
    await callFunction(h.app, box.cookie, 'initialize-sync-config', { integrationId: box.integrationId });
    expect((await sync(h, box)).criticalErrors).toBe(0);
    const [rule] = await withUser(h.app.db, box.userId, async (tx) =>
      rowsOf<{ id: string }>(
        await tx.execute(sql`insert into triage_rules (user_id, name, conditions, actions, position)
          values (${box.userId}, 'Receipts',
            ${JSON.stringify([{ kind: 'subject_contains', value: `receipt-${stamp}` }])}::jsonb,
            ${JSON.stringify([{ kind: 'clear' }])}::jsonb, 1) returning id`),
      ),
    );
    ruleId = rule?.id ?? '';
    const url = h.database.url;
    if (!url) throw new Error('no database url');
    const env = {
      ...sandboxEnv(h.sandbox.url),
      ...secrets,
      MAIL_SANDBOX: 'off',
      // The poll is an hour away: the syncs are the ones the test asks both nodes for.
      SYNC_INTERVAL_SECONDS: '3600',
      SYNC_CONCURRENCY: '2',
    };
    for (const [index, port] of NODE_PORTS.entries())
      nodes.push(await startServerNode(`rules-${index}`, port, url, env));
  }, 180_000);

  afterAll(async () => {
    for (const node of nodes) await node.stop();
    await h?.close();
  });

  it('applies the rule once per message and version, with one undo record and one outbox change each', async () => {
    for (let index = 0; index < MESSAGES; index++)
      await h.control('POST', '/messages', {
        mailbox: box.address,
        from: 'Shop <receipts@shop.test>',
        to: [box.address],
        subject: `receipt-${stamp} ${index}`,
        text: 'Thank you',
      });
    for (let wave = 0; wave < WAVES; wave++) {
      const answers = await Promise.all(
        nodes.flatMap((node) => [onNode(node, 'sync-emails', {}), onNode(node, 'sync-emails', {})]),
      );
      for (const answer of answers) expect(answer.status, await answer.text()).toBeLessThan(500);
    }
    // A reset on one node while the other syncs: the messages are deleted and filed again.
    const [reset, other] = await Promise.all([
      onNode(nodes[0] as ServerNode, 'enhanced-full-resync-emails', {
        includeFolders: { inbox: true, sent: false, archive: true },
      }),
      onNode(nodes[1] as ServerNode, 'sync-emails', {}),
    ]);
    expect(reset.status, await reset.text()).toBeLessThan(300);
    expect(other.status).toBeLessThan(500);

    const items = (await storedItems(h.app, box.userId, box.integrationId)).filter((item) =>
      item.subject?.startsWith(`receipt-${stamp}`),
    );
    expect(items).toHaveLength(MESSAGES);
    const applications = await jobRows<{ message: string; count: string; actions: string }>(
      h,
      `select email_message_id as message, count(*) as count, count(distinct action_id) as actions
       from triage_rule_applications where rule_id = $1 group by 1`,
      [ruleId],
    );
    expect(applications).toHaveLength(MESSAGES);
    expect(applications.filter((row) => Number(row.count) !== 1 || Number(row.actions) !== 1)).toEqual([]);
    const [records] = await jobRows<{ count: string }>(
      h,
      `select count(*) as count from triage_actions where user_id = $1`,
      [box.userId],
    );
    expect(Number(records?.count)).toBe(MESSAGES);
    const changes = await jobRows<{ message: string; count: string }>(
      h,
      `select c.email_message_id as message, count(*) as count from mailbox_changes c
       join triage_rule_applications a on a.action_id = c.action_id
       where a.rule_id = $1 group by 1`,
      [ruleId],
    );
    expect(changes).toHaveLength(MESSAGES);
    expect(changes.filter((row) => Number(row.count) !== 1)).toEqual([]);
    const [stats] = await jobRows<{ match_count: string }>(
      h,
      `select match_count from triage_rule_stats where rule_id = $1`,
      [ruleId],
    );
    expect(Number(stats?.match_count)).toBe(MESSAGES);
  }, 240_000);
});
