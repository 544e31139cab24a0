import { describe, expect, it } from 'vitest';
import { CLEARED_LOCALLY, MOVED_TO_INBOX_LOCALLY } from './apply-action';
import { localOnlyNotice, nextMetadata, planItemUpdate } from './plan-item-update';
import { testItem } from './test-item';

const linked = testItem({ emailMessageId: 'm-1', emailIntegrationId: 'i-1', metadata: { assignee: 'Dana' } });
const unlinked = testItem({ emailMessageId: null, emailIntegrationId: null, metadata: {} });

describe('planItemUpdate', () => {
  it('clears a linked item: archive in the mailbox', () => {
    expect(planItemUpdate(linked, { status: 'cleared' })).toEqual({
      write: { status: 'cleared' },
      metadataPatch: null,
      folderAction: 'clear',
      mailbox: ['archive'],
      outcome: 'archived',
      localOnly: null,
    });
  });

  it('clears an item without mailbox ids locally only', () => {
    const plan = planItemUpdate(unlinked, { status: 'cleared' });
    expect(plan.mailbox).toEqual([]);
    expect(plan.outcome).toBe('local-only');
    expect(plan.localOnly).toBe('clear');
    expect(plan.folderAction).toBe('clear');
  });

  it('moves a cleared item back to the inbox: unarchive', () => {
    const cleared = { ...linked, status: 'cleared' as const, metadata: { exchange_folder_state: 'archive' } };
    expect(planItemUpdate(cleared, { status: 'inbox' })).toEqual({
      write: { status: 'inbox' },
      metadataPatch: null,
      folderAction: 'move_to_inbox',
      mailbox: ['unarchive'],
      outcome: 'unarchived',
      localOnly: null,
    });
    const local = planItemUpdate({ ...unlinked, status: 'cleared' }, { status: 'inbox' });
    expect(local.localOnly).toBe('move_to_inbox');
  });

  it('treats an item archived by folder state as cleared when it moves to Later', () => {
    const archived = { ...linked, status: 'inbox' as const, metadata: { exchange_folder_state: 'archived' } };
    const plan = planItemUpdate(archived, { status: 'later' });
    expect(plan.mailbox).toEqual(['unarchive']);
    expect(plan.folderAction).toBe('move_to_inbox');
  });

  it('changes only the status for Later, Low Priority, Sent of an inbox item', () => {
    expect(planItemUpdate(linked, { status: 'later' })).toMatchObject({
      write: { status: 'later' },
      folderAction: null,
      mailbox: [],
      outcome: 'unchanged',
    });
    expect(planItemUpdate({ ...linked, status: 'cleared' }, { status: 'sent' }).folderAction).toBeNull();
  });

  it('does not archive again an item that is already cleared, or already archived by folder state', () => {
    expect(planItemUpdate({ ...linked, status: 'cleared' }, { status: 'cleared' }).mailbox).toEqual([]);
    const archived = { ...linked, metadata: { exchange_folder_state: 'archive' } };
    const plan = planItemUpdate(archived, { status: 'cleared' });
    expect(plan.mailbox).toEqual([]);
    expect(plan.outcome).toBe('unchanged');
  });

  it('mirrors a read-state change, before any archive', () => {
    const plan = planItemUpdate({ ...linked, isRead: false }, { isRead: true, status: 'cleared' });
    expect(plan.mailbox).toEqual(['read', 'archive']);
    expect(plan.outcome).toBe('archived');
    expect(planItemUpdate({ ...linked, isRead: false }, { isRead: true }).outcome).toBe('read-state-synced');
  });

  it('skips the mailbox when the read state does not change, and stays local without ids', () => {
    expect(planItemUpdate({ ...linked, isRead: true }, { isRead: true }).mailbox).toEqual([]);
    expect(planItemUpdate({ ...unlinked, isRead: false }, { isRead: true }).outcome).toBe('local-only');
  });

  it('passes sync priority and the metadata patch through', () => {
    expect(planItemUpdate(linked, { syncPriority: 9, metadata: { tags: ['vat'] } })).toMatchObject({
      write: { syncPriority: 9 },
      metadataPatch: { tags: ['vat'] },
    });
  });
});

describe('nextMetadata', () => {
  it('merges the patch, a null value removing the key, and keeps keys not named', () => {
    expect(
      nextMetadata({ mail_folder: 'inbox', assignee: 'Dana' }, { assignee: null, tags: ['vat'] }, null),
    ).toEqual({ mail_folder: 'inbox', tags: ['vat'] });
  });

  it('applies the folder action after the patch', () => {
    expect(nextMetadata({ mail_folder: 'inbox' }, { tags: ['x'] }, 'clear')).toEqual({
      mail_folder: 'inbox',
      tags: ['x'],
      exchange_folder_state: 'archive',
    });
    expect(nextMetadata({ exchange_folder_state: 'archived', a: 1 }, null, 'move_to_inbox')).toEqual({
      a: 1,
    });
    expect(nextMetadata({ exchange_folder_state: 'deleted' }, null, 'move_to_inbox')).toEqual({
      exchange_folder_state: 'deleted',
    });
  });

  it('does not change the stored object', () => {
    const stored = { exchange_folder_state: 'archive' };
    nextMetadata(stored, { b: 2 }, 'move_to_inbox');
    expect(stored).toEqual({ exchange_folder_state: 'archive' });
  });
});

describe('localOnlyNotice', () => {
  it('uses the single-item texts for one item', () => {
    expect(localOnlyNotice('clear', 1)).toEqual(CLEARED_LOCALLY);
    expect(localOnlyNotice('move_to_inbox', 1)).toEqual(MOVED_TO_INBOX_LOCALLY);
  });

  it('counts several items in the spec form', () => {
    expect(localOnlyNotice('clear', 3).description).toMatch(/^3 item\(s\) were cleared locally only/);
  });
});
