import type { RuleAction, RuleCondition } from '@ledgerdesk/domain/rules/rule-types';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { requireUser } from '../../../apps/server/src/auth/require-user';
import { rowsOf } from '../../../apps/server/src/db/rows-of';
import { triageItems } from '../../../apps/server/src/db/schema/triage-items';
import { type Tx, withUser } from '../../../apps/server/src/db/with-user';
import type { NewMessage } from '../../../apps/server/src/mail';

type Mailbox = { userId: string; integrationId: string };
type RulesBody = { integrationId: string; rules: number };
type FilingBody = { integrationId: string; messages: number; pages: number; matchEvery: number };
type StoredBody = { integrationId: string; from: number; count: number };

/** Thrown to roll a measured page back: every page starts from the same state. */
class RollBack extends Error {}

/** The i-th of the bench's rules: a mix of the condition kinds, most on senders and subjects (as people write). */
function benchRule(i: number): { conditions: RuleCondition[]; actions: RuleAction[] } {
  const conditions: RuleCondition[][] = [
    [{ kind: 'from_domain', value: `sender${i}.example` }],
    [{ kind: 'subject_contains', value: `topic-${i} ` }],
    [
      { kind: 'from_address', value: `billing@vendor${i}.example` },
      { kind: 'body_contains', value: `invoice ${i}` },
    ],
    [{ kind: 'recipient_includes', value: `team${i}@` }],
  ];
  const actions: RuleAction[][] = [[{ kind: 'low_priority' }], [{ kind: 'clear' }, { kind: 'mark_read' }]];
  return { conditions: conditions[i % 4] ?? [], actions: actions[i % 2] ?? [] };
}

/** A page of new inbox messages as the sync hands them to the filing hook; every `matchEvery`-th one matches. */
function pageOf(mailbox: Mailbox, page: number, size: number, matchEvery: number): NewMessage[] {
  return Array.from({ length: size }, (_, n) => {
    const i = page * size + n;
    const isMatch = matchEvery > 0 && n % matchEvery === 0;
    // A match names the domain of rule 0, 4, 8, 12 or 16 (from-domain rules, in every configured set).
    const domain = isMatch ? `sender${4 * ((n / matchEvery) % 5)}.example` : `client${i % 400}.example`;
    const address = `dana${i}@${domain}`;
    const subject = `Quarterly figures ${i}`;
    return {
      message: {
        id: `bench-rules-${page}-${i}`,
        threadId: `bench-thread-${i}`,
        internetMessageId: null,
        subject,
        from: { name: 'Dana', address },
        to: [{ name: 'Me', address: 'me@firm.example' }],
        cc: [],
        receivedAt: new Date().toISOString(),
        isRead: false,
        folder: 'inbox',
        bodyText: 'Please find the figures attached. Kind regards.',
        hasAttachments: false,
        references: [],
        automation: null,
      },
      row: {
        userId: mailbox.userId,
        emailIntegrationId: mailbox.integrationId,
        emailMessageId: `bench-rules-${page}-${i}`,
        emailThreadId: `bench-thread-${i}`,
        fromAddress: `Dana <${address}>`,
        subject,
        previewContent: 'Please find the figures attached.',
        time: new Date(),
        type: 'email',
        status: 'inbox',
        isRead: false,
        metadata: {},
      },
    };
  });
}

/**
 * Harness-only routes of the rules benchmark (decision 025): the filing hook timed on a sync page inside the page's
 * transaction (then rolled back), beside the page's own insert; rules and stored items seeded by direct SQL.
 */
export async function rulesBenchRoutes(app: FastifyInstance): Promise<void> {
  app.post<{ Body: RulesBody }>('/api/bench/rules/rules', async (request) => {
    const user = requireUser(request, 'seed rules');
    await withUser(app.db, user.id, async (tx) => {
      await tx.execute(sql`delete from triage_rules where user_id = ${user.id}`);
      for (let i = 0; i < request.body.rules; i++) {
        const { conditions, actions } = benchRule(i);
        await tx.execute(sql`insert into triage_rules (user_id, name, conditions, actions, position)
          values (${user.id}, ${`Rule ${i}`}, ${JSON.stringify(conditions)}::jsonb, ${JSON.stringify(actions)}::jsonb, ${i})`);
      }
    });
    return { rules: request.body.rules };
  });

  app.post<{ Body: FilingBody }>('/api/bench/rules/filing', async (request) => {
    const user = requireUser(request, 'time the filing hook');
    const hook = app.mail.filing;
    if (!hook) throw new Error('no filing hook');
    const mailbox = { userId: user.id, integrationId: request.body.integrationId };
    const hookMs: number[] = [];
    const insertMs: number[] = [];
    let matched = 0;
    for (let page = 0; page < request.body.pages; page++) {
      const messages = pageOf(mailbox, page, request.body.messages, request.body.matchEvery);
      try {
        await withUser(app.db, user.id, async (tx: Tx) => {
          const started = performance.now();
          const prepared = await hook.prepare(tx, mailbox, messages);
          const prepareMs = performance.now() - started;
          const rows = prepared?.rows ?? messages.map((entry) => entry.row);
          const insertStarted = performance.now();
          const inserted = await tx
            .insert(triageItems)
            .values(rows)
            .returning({ id: triageItems.id, messageId: triageItems.emailMessageId });
          insertMs.push(performance.now() - insertStarted);
          const finishStarted = performance.now();
          await prepared?.finish(inserted.map((row) => ({ id: row.id, messageId: row.messageId ?? '' })));
          hookMs.push(prepareMs + performance.now() - finishStarted);
          matched = rows.filter((row) => row.status !== 'inbox').length;
          throw new RollBack();
        });
      } catch (error) {
        if (!(error instanceof RollBack)) throw error;
      }
    }
    return { hookMs, insertMs, matched };
  });

  app.post<{ Body: StoredBody }>('/api/bench/rules/stored', async (request) => {
    const user = requireUser(request, 'seed stored items');
    const started = performance.now();
    await withUser(app.db, user.id, (tx) =>
      tx.execute(sql`
        insert into triage_items (user_id, email_integration_id, email_message_id, email_thread_id, from_address,
          subject, preview_content, time, type, is_read, status, metadata)
        select ${user.id}, ${request.body.integrationId}::uuid, 'stored-' || i, 'stored-thr-' || (i / 3),
          'Dana <dana' || i || '@' || (array['client','sender','vendor','bank'])[1 + i % 4] || (i % 500) || '.example>',
          (array['Quarterly figures ','Payroll run ','topic-','Invoice '])[1 + i % 4] || (i % 300) || ' #' || i,
          'Please find the figures for period ' || i || ' attached. invoice ' || (i % 300),
          now() - (i * interval '25 seconds'),
          case when i % 10 = 6 then 'notification' else 'email' end, i % 3 = 0,
          (array['inbox','inbox','later','low_priority','scheduled','cleared'])[1 + i % 6],
          jsonb_build_object('to', jsonb_build_array('team' || (i % 100) || '@firm.example'),
            'has_attachments', i % 7 = 0)
        from generate_series(${request.body.from}::int, ${request.body.from + request.body.count - 1}::int) as i`),
    );
    const [row] = rowsOf<{ n: string }>(
      await withUser(app.db, user.id, (tx) =>
        tx.execute(sql`select count(*)::text as n from triage_items where user_id = ${user.id}`),
      ),
    );
    return { ms: performance.now() - started, count: Number(row?.n ?? 0) };
  });
}
