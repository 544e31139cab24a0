import { countNoun } from './count-noun';

export const UPDATE_FAILED_TITLE = 'Update Failed';
export const BULK_UPDATE_FAILED_TITLE = 'Bulk Update Failed';
export const ITEM_PERMISSION_DENIED = "You don't have permission to update this item.";
export const BULK_PERMISSION_DENIED = "You don't have permission to update some of these items.";
export const INVALID_DATA_FORMAT = 'Invalid data format. Please refresh the page and try again.';
export const ITEMS_UPDATED_TITLE = 'Items Updated';
export const NO_ITEMS_SELECTED = 'No items selected for update.';
export const ITEM_UPDATE_FALLBACK = 'Could not update the item. Please try again.';
export const BULK_UPDATE_FALLBACK = 'Could not update the selected items. Please try again.';

export type ItemUpdateErrorKind = 'permission' | 'invalid_data' | 'other';

/** The toast of a failed single or bulk item update. */
export function itemUpdateErrorMessage(
  kind: ItemUpdateErrorKind,
  isBulk: boolean,
  fallback?: string,
): { title: string; description: string } {
  const title = isBulk ? BULK_UPDATE_FAILED_TITLE : UPDATE_FAILED_TITLE;
  switch (kind) {
    case 'permission':
      return { title, description: isBulk ? BULK_PERMISSION_DENIED : ITEM_PERMISSION_DENIED };
    case 'invalid_data':
      return { title, description: INVALID_DATA_FORMAT };
    case 'other':
      return { title, description: fallback || (isBulk ? BULK_UPDATE_FALLBACK : ITEM_UPDATE_FALLBACK) };
  }
}

/** The "Items Updated" success toast. */
export function itemsUpdatedMessage(count: number): { title: string; description: string } {
  return { title: ITEMS_UPDATED_TITLE, description: `${countNoun(count, 'item')} updated` };
}
