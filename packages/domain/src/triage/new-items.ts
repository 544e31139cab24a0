import { NEW_ITEMS_BADGE_CAP } from '../constants';

/** The new-items count as shown: "99+" above 99. */
export function newItemsLabel(count: number): string {
  return count > NEW_ITEMS_BADGE_CAP ? `${NEW_ITEMS_BADGE_CAP}+` : String(count);
}

/** The floating button text "View N new triage item(s)". */
export function newItemsButtonText(count: number): string {
  return `View ${newItemsLabel(count)} new triage item(s)`;
}
