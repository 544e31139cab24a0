// The preview's two ways of counting agree (decision 025): a rule SQL decides alone (attachment) is counted
// by the database, which sends only the newest threads listed; a text rule is judged row by row in Node. Over the
// same 250 two-message threads both say 250, list the same newest 200 threads, and each listed thread holds both
// of its items.
import type { RulePreviewResponse } from '@ledgerdesk/domain/api/rules-endpoints';
import { RULE_PREVIEW_LIST_MAX } from '@ledgerdesk/domain/rules/rule-types';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withUser } from '../../src/db/with-user';
import { type Connected, connectFreshMailbox } from '../mail/support/mail-fixtures';
import { createMailHarness, type MailHarness } from '../mail/support/mail-harness';
import { testDatabaseKinds } from '../support/test-database';

const THREADS = 250;

describe.each(testDatabaseKinds)('the preview counts many threads (%s)', (kind) => {
  let h: MailHarness;
  let box: Connected;
  const preview = async (rule: object) => {
    const response = await h.app.inject({
      method: 'POST',
      url: '/api/rules/preview',
      headers: { cookie: box.cookie },
      payload: { name: 'Statements', actions: [{ kind: 'low_priority' }], ...rule },
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as RulePreviewResponse;
  };

  beforeAll(async () => {
    h = await createMailHarness(kind);
    box = await connectFreshMailbox(h, 'office365', { messages: 0 });
    // Two messages per thread with an attachment, a minute apart; thread n is n hours old. Plus mail without one.
    await withUser(h.app.db, box.userId, (tx) =>
      tx.execute(sql`
        insert into triage_items (user_id, email_integration_id, email_message_id, email_thread_id, from_address,
          subject, preview_content, time, type, is_read, status, metadata)
        select ${box.userId}, ${box.integrationId}::uuid, 'count-' || n || '-' || k, 'count-thread-' || n,
          'Bank <statements@bank.example>', 'Statement ' || n, 'Your statement', 
          now() - n * interval '1 hour' - k * interval '1 minute', 'email', false, 'inbox',
          jsonb_build_object('has_attachments', true)
        from generate_series(1, ${THREADS}) as n, generate_series(0, 1) as k
        union all
        select ${box.userId}, ${box.integrationId}::uuid, 'plain-' || n, 'plain-thread-' || n,
          'Pat <pat@client.example>', 'Hello ' || n, 'Hello', now() - n * interval '1 hour', 'email', false, 'inbox',
          '{}'::jsonb
        from generate_series(1, 10) as n`),
    );
  }, 90_000);
  afterAll(async () => h?.close());

  it('counts in the database and row by row alike, listing the newest threads whole', async () => {
    const counted = await preview({ conditions: [{ kind: 'has_attachment' }] });
    const judged = await preview({ conditions: [{ kind: 'subject_contains', value: 'statement' }] });
    for (const answer of [counted, judged]) {
      expect(answer.count).toBe(THREADS);
      expect(answer.threads).toHaveLength(RULE_PREVIEW_LIST_MAX);
      expect(answer.threads.every((thread) => thread.itemIds.length === 2)).toBe(true);
      expect(answer.threads[0]?.subject).toBe('Statement 1');
    }
    expect(counted.text).toBe(judged.text);
    expect(counted.threads.map((thread) => thread.threadKey)).toEqual(
      judged.threads.map((thread) => thread.threadKey),
    );
  });

  it('answers none when nothing matches', async () => {
    const none = await preview({ conditions: [{ kind: 'is_automated' }] });
    expect(none.count).toBe(0);
    expect(none.threads).toEqual([]);
  });
});
