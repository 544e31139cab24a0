import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIRM_EVENT_COALESCE_MS } from '../../src/realtime/event-routes';
import { type Connected, connectFreshMailbox } from '../mail/support/mail-fixtures';
import { createMailHarness, type MailHarness } from '../mail/support/mail-harness';
import { countEvents, openEventStream as openStream } from '../support/event-stream';
import { insertTriageItems } from '../support/seed-triage';
import { signUp } from '../support/test-app';
import { testDatabaseKinds } from '../support/test-database';

describe.each(testDatabaseKinds)('realtime for shared mailboxes on %s', (kind) => {
  let h: MailHarness;
  let port: number;
  let owner: Connected;
  let member: { cookie: string; userId: string; email: string };
  const call = (cookie: string, method: string, url: string, payload?: unknown) =>
    h.app.inject({ method: method as 'GET', url, headers: { cookie }, ...(payload ? { payload } : {}) });

  beforeAll(async () => {
    h = await createMailHarness(kind);
    owner = await connectFreshMailbox(h, 'office365', { messages: 0 });
    member = await signUp(h.app, `live-member-${Date.now()}@ledgerdesk.test`);
    await call(owner.cookie, 'POST', '/api/firm', { name: 'Live Firm' });
    const invited = await call(owner.cookie, 'POST', '/api/firm/invitations', { email: member.email });
    const token = new URL(invited.json().link).searchParams.get('token');
    await call(member.cookie, 'POST', '/api/firm/invitations/accept', { token });
    await h.app.listen({ port: 0, host: '127.0.0.1' });
    port = (h.app.server.address() as AddressInfo).port;
  });
  afterAll(async () => h?.close());

  it('follows a mailbox once shared, and stops at once when the member is removed', async () => {
    const stream = await openStream(port, member.cookie);
    await stream.waitFor(/: connected/);
    await call(owner.cookie, 'POST', '/api/firm/shared-mailboxes', { integrationId: owner.integrationId });
    await stream.waitFor(/event: firm/);
    const [sharedId] = await insertTriageItems(h.app.db, owner.userId, [
      { subject: 'Shared live', emailIntegrationId: owner.integrationId, emailThreadId: 'shared-live' },
    ]);
    await stream.waitFor(new RegExp(`"id":"${sharedId}"`));
    // The owner's mail outside the shared mailbox never reaches the member.
    const [privateId] = await insertTriageItems(h.app.db, owner.userId, [{ subject: 'Private live' }]);

    expect((await call(owner.cookie, 'DELETE', `/api/firm/members/${member.userId}`)).statusCode).toBe(204);
    await stream.waitFor(/event: firm[\s\S]*event: firm/);
    const [afterId] = await insertTriageItems(h.app.db, owner.userId, [
      { subject: 'After removal', emailIntegrationId: owner.integrationId, emailThreadId: 'shared-live' },
    ]);
    await new Promise((wake) => setTimeout(wake, 400));
    expect(stream.text()).not.toContain(privateId as string);
    expect(stream.text()).not.toContain(afterId as string);
    stream.close();
  });

  const join = async (name: string) => {
    const joiner = await signUp(h.app, `${name}-${Date.now()}@ledgerdesk.test`);
    const invited = await call(owner.cookie, 'POST', '/api/firm/invitations', { email: joiner.email });
    const token = new URL(invited.json().link).searchParams.get('token');
    expect((await call(joiner.cookie, 'POST', '/api/firm/invitations/accept', { token })).statusCode).toBe(
      200,
    );
    return joiner;
  };
  /** Long enough for a firm event, coalesced and re-read, to have reached any stream it was sent to. */
  const settled = () => new Promise((wake) => setTimeout(wake, FIRM_EVENT_COALESCE_MS * 3 + 300));

  it("sends a firm's events only to its members and the member removed, not to other firms or to no firm", async () => {
    const colleague = await join('colleague');
    const removed = await join('removed');
    const otherFirm = await signUp(h.app, `other-firm-${Date.now()}@ledgerdesk.test`);
    expect((await call(otherFirm.cookie, 'POST', '/api/firm', { name: 'Elsewhere' })).statusCode).toBe(201);
    const noFirm = await signUp(h.app, `no-firm-${Date.now()}@ledgerdesk.test`);
    const streams = await Promise.all(
      [colleague, removed, otherFirm, noFirm].map((who) => openStream(port, who.cookie)),
    );
    await Promise.all(streams.map((stream) => stream.waitFor(/: connected/)));
    const [colleagueStream, removedStream, otherStream, noFirmStream] = streams;

    expect((await call(owner.cookie, 'DELETE', `/api/firm/members/${removed.userId}`)).statusCode).toBe(204);
    await colleagueStream?.waitFor(/event: firm/);
    await removedStream?.waitFor(/event: firm/);
    await settled();
    expect(otherStream?.text()).not.toContain('event: firm');
    expect(noFirmStream?.text()).not.toContain('event: firm');
    // Creating and leaving a firm in a loop reaches no one else either.
    for (let round = 0; round < 3; round += 1) {
      expect((await call(noFirm.cookie, 'POST', '/api/firm', { name: `Loop ${round}` })).statusCode).toBe(
        201,
      );
      expect((await call(noFirm.cookie, 'POST', '/api/firm/leave')).statusCode).toBe(204);
    }
    await noFirmStream?.waitFor(/event: firm/);
    await settled();
    expect(countEvents(colleagueStream?.text() ?? '', 'firm')).toBe(1);
    expect(otherStream?.text()).not.toContain('event: firm');
    for (const stream of streams) stream.close();
  });

  it('coalesces a burst of firm changes into one event per stream', async () => {
    const colleague = await join('burst');
    const firmId = (await call(colleague.cookie, 'GET', '/api/firm')).json().firm.id as string;
    const stream = await openStream(port, colleague.cookie);
    await stream.waitFor(/: connected/);
    // Five changes committed together, as deleting a firm with its members and shares gives.
    await h.app.db.execute(sql`
      select pg_notify('triage_item_changes', json_build_object('op', 'FIRM', 'firmId', ${firmId}::text,
        'userId', 'burst-' || n)::text)
      from generate_series(1, 5) as n`);
    await stream.waitFor(/event: firm/);
    await settled();
    expect(countEvents(stream.text(), 'firm')).toBe(1);
    stream.close();
  });
});
