import type { ThreadGroupDto } from '@ledgerdesk/domain/api/triage';
import type { CustomFilter } from '@ledgerdesk/domain/entities';
import { parseSenderAddress } from '@ledgerdesk/domain/triage/sender-address';

/** Filters a row offers in its context menu: its sender, its tags and its assignee. */
export function filtersForGroup(group: ThreadGroupDto): CustomFilter[] {
  const item = group.latestEmail;
  const filters: CustomFilter[] = [];
  const address = parseSenderAddress(item.fromAddress).address;
  if (address) filters.push({ type: 'sender', value: address });
  const tags = Array.isArray(item.metadata?.tags) ? item.metadata.tags : [];
  for (const tag of tags)
    if (typeof tag === 'string' && tag.trim()) filters.push({ type: 'tag', value: tag });
  const assignee = item.metadata?.assignee;
  if (typeof assignee === 'string' && assignee.trim()) filters.push({ type: 'assignee', value: assignee });
  return filters;
}
