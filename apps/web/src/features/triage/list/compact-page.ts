import type { ThreadGroupDto, ThreadsPage, TriageItemDto } from '@ledgerdesk/domain/api/triage';

// A long scroll keeps every page it loaded: 100,000 items are about 1,000 pages in memory at once. The answer
// repeats itself (each group's latest email is also in its emails, every item names its source and user), and
// each copy is one more object the browser's garbage collector walks while the list scrolls. A page is
// compacted once, as it arrives: the latest email becomes the same object as its entry in `emails`, and values
// repeated across items (source, references, tags, participants, addresses) are shared. Values are never
// changed, only shared: the cache is written immutably (utils/list-cache.ts), so nothing mutates a shared one.

/** Shared values seen lately; cleared when it grows past this, so a long session does not keep them all. */
const POOL_LIMIT = 5_000;
const pool = new Map<string, unknown>();

function shared<T>(value: T): T {
  if (value === null || value === undefined) return value;
  const key = typeof value === 'string' ? `s${value}` : `j${JSON.stringify(value)}`;
  const known = pool.get(key);
  if (known !== undefined) return known as T;
  if (pool.size >= POOL_LIMIT) pool.clear();
  pool.set(key, value);
  return value;
}

function compactItem(item: TriageItemDto): TriageItemDto {
  item.userId = shared(item.userId);
  item.fromAddress = shared(item.fromAddress);
  item.emailIntegrationId = shared(item.emailIntegrationId);
  item.notificationSource = shared(item.notificationSource);
  item.extractedReferences = shared(item.extractedReferences);
  const tags = item.metadata?.tags;
  if (Array.isArray(tags)) item.metadata.tags = shared(tags);
  return item;
}

function compactGroup(group: ThreadGroupDto): ThreadGroupDto {
  for (const email of group.emails) compactItem(email);
  const latest = group.emails.find((email) => email.id === group.latestEmail.id);
  group.latestEmail = latest ?? compactItem(group.latestEmail);
  group.participants = shared(group.participants);
  return group;
}

/** Compacts a page fresh from the network in place (before anything else holds it) and answers it. */
export function compactThreadsPage(page: ThreadsPage): ThreadsPage {
  for (const group of page.groups) compactGroup(group);
  return page;
}
