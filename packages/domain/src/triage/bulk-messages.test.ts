import { describe, expect, it } from 'vitest';
import { bulkCompleteMessage } from './bulk-messages';
import {
  BULK_PERMISSION_DENIED,
  INVALID_DATA_FORMAT,
  ITEM_PERMISSION_DENIED,
  itemsUpdatedMessage,
  itemUpdateErrorMessage,
  NO_ITEMS_SELECTED,
} from './item-update-messages';

describe('bulkCompleteMessage', () => {
  it.each([
    ['clear', 3, '3 item(s) cleared and archived'],
    ['mark_read', 1, '1 item(s) marked as read'],
    ['mark_unread', 2, '2 item(s) marked as unread'],
    ['later', 2, '2 item(s) moved to Later'],
    ['low_priority', 4, '4 item(s) marked as low priority'],
  ] as const)('describes %s of %i as "%s"', (action, count, text) => {
    expect(bulkCompleteMessage(action, count)).toEqual({ title: 'Bulk Action Complete', description: text });
  });
});

describe('item update messages', () => {
  it('uses the spec texts', () => {
    expect(ITEM_PERMISSION_DENIED).toBe("You don't have permission to update this item.");
    expect(BULK_PERMISSION_DENIED).toBe("You don't have permission to update some of these items.");
    expect(INVALID_DATA_FORMAT).toBe('Invalid data format. Please refresh the page and try again.');
    expect(NO_ITEMS_SELECTED).toBe('No items selected for update.');
  });

  it('titles single and bulk failures and picks the permission text', () => {
    expect(itemUpdateErrorMessage('permission', false)).toEqual({
      title: 'Update Failed',
      description: ITEM_PERMISSION_DENIED,
    });
    expect(itemUpdateErrorMessage('permission', true)).toEqual({
      title: 'Bulk Update Failed',
      description: BULK_PERMISSION_DENIED,
    });
    expect(itemUpdateErrorMessage('invalid_data', true).description).toBe(INVALID_DATA_FORMAT);
    expect(itemUpdateErrorMessage('other', false, 'Server said no').description).toBe('Server said no');
  });

  it('titles a success "Items Updated"', () => {
    expect(itemsUpdatedMessage(2)).toEqual({ title: 'Items Updated', description: '2 item(s) updated' });
  });
});
