import { SNOOZE_API } from '@ledgerdesk/domain/api/snooze';
import { SNOOZE_TOO_FAR, SNOOZE_TOO_SOON } from '@ledgerdesk/domain/triage/snooze';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../src/db/rows-of';
import { withUser } from '../../src/db/with-user';
import { scheduleFollowUp } from '../../src/features/triage/follow-up-reminders';
import { fireDueReminders, returnDueSnoozes, runTriageTimers } from '../../src/jobs/triage-timers';
import { parseItemChanges } from '../../src/realtime/item-change-payload';
import { ManualClock } from '../support/manual-clock';
import { insertTriageItems } from '../support/seed-triage';
import { createTestApp, signUp, type TestApp } from '../support/test-app';
import { testDatabaseKinds } from '../support/test-database';
import { listedItemIds } from './triage-api';

const HOUR = 3_600_000;

describe.each(testDatabaseKinds)('snooze and follow-up reminders (%s)', (kind) => {
  let t: TestApp;
  let clock: ManualClock;
  let user: { cookie: string; userId: string };
  let other: { cookie: string; userId: string };

  const post = (cookie: string, url: string, payload: Record<string, unknown>) =>
    t.app.inject({ method: 'POST', url, headers: { cookie }, payload });
  const snooze = (ids: string[], until: Date, cookie = user.cookie) =>
    post(cookie, SNOOZE_API.snooze, { ids, until: until.toISOString() });
  const state = async (id: string) =>
    withUser(t.app.db, user.userId, async (tx) => {
      const result = await tx.execute(sql`
        select status, is_read, snoozed_until, raised_at, metadata from triage_items where id = ${id}`);
      return rowsOf<{
        status: string;
        is_read: boolean;
        snoozed_until: string | null;
        raised_at: string | null;
        metadata: Record<string, unknown>;
      }>(result)[0];
    });
  const reminderState = async (userId: string) =>
    withUser(t.app.db, userId, async (tx) => {
      const result = await tx.execute(
        sql`select state, email_thread_id from follow_up_reminders order by created_at desc limit 1`,
      );
      return rowsOf<{ state: string; email_thread_id: string | null }>(result)[0];
    });
  const thread = (key: string, count: number, base: Date, extra: Record<string, unknown> = {}) =>
    Array.from({ length: count }, (_, index) => ({
      emailThreadId: key,
      subject: `Thread ${key}`,
      time: new Date(base.getTime() - (count - index) * 60_000),
      isRead: true,
      ...extra,
    }));

  beforeAll(async () => {
    clock = new ManualClock(new Date('2026-03-06T14:00:00Z'));
    t = await createTestApp(kind, {}, { clock });
    user = await signUp(t.app, 'snooze@firm.example');
    other = await signUp(t.app, 'other-snooze@firm.example');
  });
  afterAll(async () => {
    await t.close();
  });

  it('snoozes into Scheduled, then returns the items unread and raised when their time comes', async () => {
    const ids = await insertTriageItems(t.app.db, user.userId, thread('t-snooze', 2, clock.now()));
    const until = new Date(clock.now().getTime() + 2 * HOUR);
    const response = await snooze(ids, until);
    expect(response.statusCode).toBe(200);
    expect(response.json().items).toHaveLength(2);
    expect(await listedItemIds(t.app, user.cookie, { view: 'inbox', q: 't-snooze' })).toEqual([]);
    expect((await listedItemIds(t.app, user.cookie, { view: 'scheduled', q: 't-snooze' })).sort()).toEqual(
      [...ids].sort(),
    );

    clock.advance(HOUR);
    expect(await returnDueSnoozes(t.app.db, clock.now())).toBe(0);
    clock.advance(HOUR);
    const events: string[] = [];
    const stop = await t.database.listen('triage_item_changes', (payload) => events.push(payload));
    expect((await runTriageTimers(t.app.db, clock)).returned).toBe(2);
    for (const id of ids) {
      expect(await state(id)).toMatchObject({ status: 'inbox', is_read: false, snoozed_until: null });
      expect((await state(id))?.raised_at).not.toBeNull();
    }
    await expect
      .poll(
        () =>
          events
            .flatMap((payload) => {
              const changes = parseItemChanges(payload);
              return Array.isArray(changes) ? changes : [];
            })
            .filter((change) => change.raised).length,
      )
      .toBe(2);
    await stop();
    expect(await returnDueSnoozes(t.app.db, clock.now())).toBe(0);
  });

  it('returns each item exactly once when two nodes look at the same moment', async () => {
    const ids = await insertTriageItems(t.app.db, user.userId, thread('t-race', 30, clock.now()));
    expect((await snooze(ids, new Date(clock.now().getTime() + HOUR))).statusCode).toBe(200);
    clock.advance(HOUR);
    const counts = await Promise.all([
      returnDueSnoozes(t.app.db, clock.now()),
      returnDueSnoozes(t.app.db, clock.now()),
    ]);
    expect(counts[0] + counts[1]).toBe(30);
  });

  it('unsnoozes by hand, keeping the read state', async () => {
    const [id] = await insertTriageItems(t.app.db, user.userId, thread('t-unsnooze', 1, clock.now()));
    await snooze([id as string], new Date(clock.now().getTime() + HOUR));
    const response = await post(user.cookie, SNOOZE_API.unsnooze, { ids: [id] });
    expect(response.statusCode).toBe(200);
    expect(await state(id as string)).toMatchObject({ status: 'inbox', is_read: true, snoozed_until: null });
  });

  it('a reply in the thread brings it back early; older mail re-inserted by a reset does not', async () => {
    const [id] = await insertTriageItems(t.app.db, user.userId, thread('t-early', 1, clock.now()));
    await snooze([id as string], new Date(clock.now().getTime() + 24 * HOUR));
    await insertTriageItems(t.app.db, user.userId, [
      { emailThreadId: 't-early', time: new Date(clock.now().getTime() - 10 * HOUR), status: 'inbox' },
    ]);
    expect((await state(id as string))?.status).toBe('scheduled');
    await insertTriageItems(t.app.db, user.userId, [
      { emailThreadId: 't-early', time: clock.now(), status: 'inbox', subject: 'Re: answer' },
    ]);
    expect(await state(id as string)).toMatchObject({ status: 'inbox', is_read: false, snoozed_until: null });
  });

  it('clearing a scheduled item forgets its snooze time', async () => {
    const [id] = await insertTriageItems(t.app.db, user.userId, thread('t-forget', 1, clock.now()));
    await snooze([id as string], new Date(clock.now().getTime() + HOUR));
    await t.app.inject({
      method: 'PATCH',
      url: `/api/triage/items/${id}`,
      headers: { cookie: user.cookie },
      payload: { status: 'later' },
    });
    expect(await state(id as string)).toMatchObject({ status: 'later', snoozed_until: null });
  });

  it.each([
    ['less than a minute ahead', 30_000, SNOOZE_TOO_SOON],
    ['in the past', -HOUR, SNOOZE_TOO_SOON],
    ['more than a year ahead', 400 * 24 * HOUR, SNOOZE_TOO_FAR],
  ])('refuses a time %s with 400 and writes nothing', async (_label, aheadMs, message) => {
    const [id] = await insertTriageItems(t.app.db, user.userId, thread(`t-bad-${aheadMs}`, 1, clock.now()));
    const response = await snooze([id as string], new Date(clock.now().getTime() + aheadMs));
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toBe(message);
    expect((await state(id as string))?.status).toBe('inbox');
  });

  it('refuses another user’s items (403, nothing written) and items outside Triage (409)', async () => {
    const [mine] = await insertTriageItems(t.app.db, user.userId, thread('t-own', 1, clock.now()));
    const [theirs] = await insertTriageItems(t.app.db, other.userId, thread('t-theirs', 1, clock.now()));
    const until = new Date(clock.now().getTime() + HOUR);
    const foreign = await snooze([mine as string, theirs as string], until);
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json().error.message).toBe("You don't have permission to update some of these items.");
    expect((await state(mine as string))?.status).toBe('inbox');
    expect((await post(other.cookie, SNOOZE_API.unsnooze, { ids: [mine] })).statusCode).toBe(403);

    const [cleared] = await insertTriageItems(t.app.db, user.userId, [
      { status: 'cleared', emailThreadId: 't-clr' },
    ]);
    const refused = await snooze([cleared as string], until);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe('Only items in Triage can be snoozed.');
    expect(
      (await post(user.cookie, SNOOZE_API.snooze, { ids: [], until: until.toISOString() })).statusCode,
    ).toBe(400);
    expect((await post(user.cookie, SNOOZE_API.snooze, { ids: [mine], until: 'tomorrow' })).statusCode).toBe(
      400,
    );
  });

  it('a reminder with no reply brings the thread back marked "No reply yet"', async () => {
    const ids = await insertTriageItems(t.app.db, user.userId, [
      {
        emailThreadId: 't-remind',
        status: 'cleared',
        time: new Date(clock.now().getTime() - HOUR),
        isRead: true,
      },
      { emailThreadId: 't-remind', status: 'sent', time: clock.now(), isRead: true },
    ]);
    await scheduleFollowUp(t.app, user.userId, {
      integrationId: null as unknown as string,
      threadId: 't-remind',
      subject: 'Thread t-remind',
      sentAt: clock.now(),
      remindAt: new Date(clock.now().getTime() + 3 * 24 * HOUR),
    });
    clock.advance(24 * HOUR);
    expect((await fireDueReminders(t.app.db, clock.now())).fired).toBe(0);
    clock.advance(2 * 24 * HOUR);
    expect(await fireDueReminders(t.app.db, clock.now())).toEqual({ fired: 1, cancelled: 0, noThread: 0 });
    const newest = await state(ids[1] as string);
    expect(newest).toMatchObject({ status: 'inbox', is_read: false });
    expect(newest?.metadata.follow_up).toMatchObject({ state: 'no_reply' });
    expect((await reminderState(user.userId))?.state).toBe('fired');
  });

  it('a reply cancels the reminder, and a new mail learns its thread when its sent copy syncs', async () => {
    await scheduleFollowUp(t.app, user.userId, {
      integrationId: null as unknown as string,
      threadId: null,
      subject: 'Engagement letter 2026',
      sentAt: clock.now(),
      remindAt: new Date(clock.now().getTime() + 24 * HOUR),
    });
    await insertTriageItems(t.app.db, user.userId, [
      { emailThreadId: 't-new', status: 'sent', subject: 'Engagement letter 2026', time: clock.now() },
    ]);
    expect(await reminderState(user.userId)).toEqual({ state: 'pending', email_thread_id: 't-new' });
    await insertTriageItems(t.app.db, user.userId, [
      {
        emailThreadId: 't-new',
        status: 'inbox',
        subject: 'Re: Engagement letter 2026',
        time: new Date(clock.now().getTime() + 60_000),
      },
    ]);
    expect((await reminderState(user.userId))?.state).toBe('cancelled');
    clock.advance(25 * HOUR);
    expect(await fireDueReminders(t.app.db, clock.now())).toEqual({ fired: 0, cancelled: 0, noThread: 0 });
  });
  it('one sync page (one insert) wakes its snoozed threads and lets each sent copy claim its own reminder', async () => {
    // Migration 0037 runs the arrival rule once per statement: a page's rows together, as the rows did one by one.
    const [snoozed] = await insertTriageItems(t.app.db, other.userId, thread('t-page', 1, clock.now()));
    await snooze([snoozed as string], new Date(clock.now().getTime() + 24 * HOUR), other.cookie);
    for (const minutesAgo of [4, 2])
      await scheduleFollowUp(t.app, other.userId, {
        integrationId: null as unknown as string,
        threadId: null,
        subject: 'Quarterly VAT return',
        sentAt: new Date(clock.now().getTime() - minutesAgo * 60_000),
        remindAt: new Date(clock.now().getTime() + 24 * HOUR),
      });
    await insertTriageItems(t.app.db, other.userId, [
      { emailThreadId: 't-unrelated', status: 'inbox', subject: 'Hello', time: clock.now() },
      { emailThreadId: 't-vat-1', status: 'sent', subject: 'Quarterly VAT return', time: clock.now() },
      { emailThreadId: 't-page', status: 'inbox', subject: 'Re: Thread t-page', time: clock.now() },
      { emailThreadId: 't-vat-2', status: 'sent', subject: 'Quarterly VAT return', time: clock.now() },
    ]);
    const reminders = await withUser(t.app.db, other.userId, async (tx) =>
      rowsOf<{ email_thread_id: string | null }>(
        await tx.execute(sql`select email_thread_id from follow_up_reminders where subject = 'Quarterly VAT return'
          order by sent_at desc`),
      ),
    );
    // The newest reminder goes to the first sent copy, the older one to the second: one each, in insertion order.
    expect(reminders.map((reminder) => reminder.email_thread_id)).toEqual(['t-vat-1', 't-vat-2']);
    const woken = await withUser(t.app.db, other.userId, async (tx) =>
      rowsOf<{ status: string; is_read: boolean }>(
        await tx.execute(sql`select status, is_read from triage_items where id = ${snoozed}`),
      ),
    );
    expect(woken[0]).toEqual({ status: 'inbox', is_read: false });
  });
});
