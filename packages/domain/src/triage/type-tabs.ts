import type { TriageItem } from '../entities';

export type TypeTab = 'all' | 'email' | 'mention' | 'notification' | 'unread';

/** The filter tabs in display order, with their labels and the fixed sample counts of spec §2. */
export const TYPE_TABS: readonly { id: TypeTab; label: string; sampleCount: number }[] = [
  { id: 'all', label: 'All', sampleCount: 6 },
  { id: 'email', label: 'Email', sampleCount: 3 },
  { id: 'mention', label: 'Mentions', sampleCount: 2 },
  { id: 'notification', label: 'Notifications', sampleCount: 2 },
  { id: 'unread', label: 'Unread', sampleCount: 4 },
];

/** Whether an item shows under a type tab. */
export function matchesTab(item: Pick<TriageItem, 'type' | 'isRead'>, tab: TypeTab): boolean {
  switch (tab) {
    case 'all':
      return true;
    case 'unread':
      return !item.isRead;
    default:
      return item.type === tab;
  }
}
