import type { BulkUpdateResponse, ItemUpdateResponse, TriageItemDto } from '@ledgerdesk/domain/api/triage';
import { CLEARED_LOCALLY, MOVED_TO_INBOX_LOCALLY } from '@ledgerdesk/domain/triage/apply-action';
import {
  BULK_PERMISSION_DENIED,
  INVALID_DATA_FORMAT,
  ITEM_PERMISSION_DENIED,
  NO_ITEMS_SELECTED,
} from '@ledgerdesk/domain/triage/item-update-messages';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { insertTriageItems } from '../support/seed-triage';
import { createTestApp, signUp, type TestApp } from '../support/test-app';
import { testDatabaseKinds } from '../support/test-database';
import { itemSnapshot } from './triage-api';

describe.each(testDatabaseKinds)('triage item updates (%s)', (kind) => {
  let t: TestApp;
  let owner: { cookie: string; userId: string };
  let intruder: { cookie: string; userId: string };
  let ids: string[];
  let foreignId: string;

  const patch = (id: string, payload: unknown, cookie = owner.cookie) =>
    t.app.inject({
      method: 'PATCH',
      url: `/api/triage/items/${id}`,
      headers: { cookie },
      payload: payload as object,
    });
  const bulk = (payload: unknown, cookie = owner.cookie) =>
    t.app.inject({
      method: 'POST',
      url: '/api/triage/items/bulk-update',
      headers: { cookie },
      payload: payload as object,
    });

  beforeAll(async () => {
    t = await createTestApp(kind);
    owner = await signUp(t.app, 'owner@firm.example');
    intruder = await signUp(t.app, 'intruder@firm.example');
    [foreignId] = (await insertTriageItems(t.app.db, intruder.userId, [{ subject: 'Not yours' }])) as [
      string,
    ];
  });
  beforeEach(async () => {
    ids = await insertTriageItems(
      t.app.db,
      owner.userId,
      Array.from({ length: 5 }, (_, i) => ({
        subject: `Item ${i}`,
        time: new Date(Date.now() - 3_600_000 - i * 1000),
        metadata: { mail_folder: 'inbox', note: `n${i}` },
      })),
    );
  });
  afterAll(async () => {
    await t.close();
  });

  it('updates one item: read state, status, sync priority and merged metadata, with updated_at', async () => {
    const id = ids[0] as string;
    const before = await itemSnapshot(t.app, owner.userId, id);
    const response = await patch(id, {
      isRead: true,
      status: 'later',
      syncPriority: 9,
      metadata: { assignee: 'Dana', note: null },
    });
    expect(response.statusCode).toBe(200);
    const body = response.json() as ItemUpdateResponse;
    expect(body.item).toMatchObject({ id, isRead: true, status: 'later', syncPriority: 9 });
    expect(body.item.metadata).toEqual({ mail_folder: 'inbox', assignee: 'Dana' });
    expect(body.mailbox).toBe('local-only');
    expect(body.notice).toBeNull();
    expect(Date.parse(body.item.updatedAt)).toBeGreaterThan(Date.parse(before.updatedAt));
    expect(await itemSnapshot(t.app, owner.userId, id)).toMatchObject({ status: 'later', isRead: true });
  });

  it('clears an item without mailbox ids locally only and says so; moving it back says so too', async () => {
    const id = ids[1] as string;
    const cleared = (await patch(id, { status: 'cleared' })).json() as ItemUpdateResponse;
    expect(cleared.mailbox).toBe('local-only');
    expect(cleared.notice).toEqual(CLEARED_LOCALLY);
    expect(cleared.item.status).toBe('cleared');
    expect(cleared.item.metadata).toEqual({
      mail_folder: 'inbox',
      note: 'n1',
      exchange_folder_state: 'archive',
    });
    const restored = (await patch(id, { status: 'inbox' })).json() as ItemUpdateResponse;
    expect(restored.notice).toEqual(MOVED_TO_INBOX_LOCALLY);
    expect(restored.item.status).toBe('inbox');
    expect(restored.item.metadata).toEqual({ mail_folder: 'inbox', note: 'n1' });
  });

  it("answers 404 with the permission text for another user's item and for an unknown id, changing nothing", async () => {
    const before = await itemSnapshot(t.app, intruder.userId, foreignId);
    for (const id of [foreignId, '00000000-0000-4000-8000-000000000000']) {
      const response = await patch(id, { status: 'cleared' });
      expect(response.statusCode).toBe(404);
      expect(response.json().error.message).toBe(ITEM_PERMISSION_DENIED);
    }
    expect(await itemSnapshot(t.app, intruder.userId, foreignId)).toEqual(before);
  });

  it('refuses a value the database check rejects with the invalid-data text, writing nothing', async () => {
    const id = ids[2] as string;
    const before = await itemSnapshot(t.app, owner.userId, id);
    const single = await patch(id, { syncPriority: 11, status: 'cleared' });
    expect(single.statusCode).toBe(400);
    expect(single.json().error.message).toBe(INVALID_DATA_FORMAT);
    const many = await bulk({ ids, patch: { syncPriority: -1 } });
    expect(many.statusCode).toBe(400);
    expect(many.json().error.message).toBe(INVALID_DATA_FORMAT);
    expect(await itemSnapshot(t.app, owner.userId, id)).toEqual(before);
  });

  it('bulk-updates many items in one go, each with updated_at, and reports local-only clears', async () => {
    const response = await bulk({ ids, patch: { status: 'cleared', isRead: true } });
    expect(response.statusCode).toBe(200);
    const body = response.json() as BulkUpdateResponse;
    expect(body.updated).toBe(5);
    expect(body.failed).toEqual([]);
    expect(body.localOnlyIds.sort()).toEqual([...ids].sort());
    expect(body.notice?.title).toBe(CLEARED_LOCALLY.title);
    expect(body.notice?.description).toMatch(/^5 item\(s\) were cleared locally only/);
    for (const item of body.items as TriageItemDto[]) {
      expect(item).toMatchObject({ status: 'cleared', isRead: true });
      expect(item.metadata.exchange_folder_state).toBe('archive');
    }
  });

  it('bulk with one foreign id answers 403 with the bulk permission text and writes nothing', async () => {
    const before = await itemSnapshot(t.app, owner.userId, ids[0] as string);
    const response = await bulk({ ids: [...ids, foreignId], patch: { status: 'later' } });
    expect(response.statusCode).toBe(403);
    expect(response.json().error.message).toBe(BULK_PERMISSION_DENIED);
    expect(await itemSnapshot(t.app, owner.userId, ids[0] as string)).toEqual(before);
    const intruding = await bulk({ ids: [ids[0]], patch: { isRead: true } }, intruder.cookie);
    expect(intruding.statusCode).toBe(403);
  });

  it("a new action ends a refused change's flag; a read toggle leaves the rest of the metadata as stored", async () => {
    const failure = {
      title: 'Archive Folder Missing',
      description: 'No archive.',
      at: '2026-11-26T00:00:00Z',
    };
    const [flagged] = await insertTriageItems(t.app.db, owner.userId, [
      {
        subject: 'Refused before',
        metadata: { mail_folder: 'inbox', note: 'kept', mailbox_change_failed: failure },
      },
    ]);
    const plain = ids[1] as string;
    const response = await bulk({ ids: [flagged, plain], patch: { isRead: true } });
    expect(response.statusCode).toBe(200);
    const after = await itemSnapshot(t.app, owner.userId, flagged as string);
    expect(after.isRead).toBe(true);
    expect(after.metadata).toEqual({ mail_folder: 'inbox', note: 'kept' });
    expect((await itemSnapshot(t.app, owner.userId, plain)).metadata).toEqual({
      mail_folder: 'inbox',
      note: 'n1',
    });
    // A patch cannot set the flag itself.
    const single = await patch(plain, { metadata: { mailbox_change_failed: failure, note: 'new' } });
    expect(single.statusCode).toBe(200);
    expect((await itemSnapshot(t.app, owner.userId, plain)).metadata).toEqual({
      mail_folder: 'inbox',
      note: 'new',
    });
  });

  it('treats a repeated id once', async () => {
    const response = await bulk({
      ids: [ids[0], ids[0], (ids[0] as string).toUpperCase()],
      patch: { isRead: true },
    });
    expect(response.statusCode).toBe(200);
    expect((response.json() as BulkUpdateResponse).updated).toBe(1);
  });

  it.each([
    ['an empty selection', { ids: [], patch: { isRead: true } }, NO_ITEMS_SELECTED],
    [
      '1001 ids',
      { ids: Array.from({ length: 1001 }, () => crypto.randomUUID()), patch: { isRead: true } },
      /At most 1000/,
    ],
    ['a malformed id', { ids: ['not-a-uuid'], patch: { isRead: true } }, /ids\.0/],
    ['an empty patch', { ids: ['00000000-0000-4000-8000-000000000000'], patch: {} }, /Nothing to update/],
    [
      'an unknown field',
      { ids: ['00000000-0000-4000-8000-000000000000'], patch: { isRead: true, colour: 'red' } },
      /colour/,
    ],
    ['a wrong type', { ids: ['00000000-0000-4000-8000-000000000000'], patch: { isRead: 'yes' } }, /isRead/],
    [
      'an unknown status',
      { ids: ['00000000-0000-4000-8000-000000000000'], patch: { status: 'archived' } },
      /status/,
    ],
    ['no patch', { ids: ['00000000-0000-4000-8000-000000000000'] }, /patch/],
  ])('rejects a bulk body with %s (400)', async (_name, payload, message) => {
    const response = await bulk(payload);
    expect(response.statusCode).toBe(400);
    const text = response.json().error.message as string;
    if (typeof message === 'string') expect(text).toBe(message);
    else expect(text).toMatch(message);
  });

  it.each([
    ['an empty body', {}, /Nothing to update/],
    ['an unknown field', { isRead: true, owner: 'me' }, /owner/],
    ['a wrong type', { syncPriority: '5' }, /syncPriority/],
    ['a fractional priority', { syncPriority: 2.5 }, /syncPriority/],
    ['metadata that is not an object', { metadata: ['a'] }, /metadata/],
  ])('rejects a single patch with %s (400), writing nothing', async (_name, payload, message) => {
    const id = ids[3] as string;
    const before = await itemSnapshot(t.app, owner.userId, id);
    const response = await patch(id, payload);
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toMatch(message);
    expect(await itemSnapshot(t.app, owner.userId, id)).toEqual(before);
  });

  it('rejects malformed JSON and a malformed item id with 400', async () => {
    const malformed = await t.app.inject({
      method: 'PATCH',
      url: `/api/triage/items/${ids[0]}`,
      headers: { cookie: owner.cookie, 'content-type': 'application/json' },
      payload: '{"isRead": tru',
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().error.message).toBe('The request body is not valid JSON.');
    const badId = await patch('12345', { isRead: true });
    expect(badId.statusCode).toBe(400);
  });

  it('needs a session', async () => {
    const response = await t.app.inject({
      method: 'PATCH',
      url: `/api/triage/items/${ids[0]}`,
      payload: { isRead: true },
    });
    expect(response.statusCode).toBe(401);
    expect(response.json().error.message).toBe('You must be logged in to update triage items.');
  });
});
