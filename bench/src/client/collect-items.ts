import type { ThreadsPage } from '@ledgerdesk/domain/api/triage';
import { call, type Session } from './http-client';

/** Ids of up to `wanted` items of a view, newest first, paging through the real list API. */
export async function collectItemIds(session: Session, view: string, wanted: number): Promise<string[]> {
  const ids: string[] = [];
  let cursor: string | null = null;
  do {
    const query: string = `view=${view}&limit=100${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
    const page: ThreadsPage = (await call<ThreadsPage>(session, 'GET', `/api/triage/threads?${query}`)).body;
    for (const group of page.groups) for (const email of group.emails) ids.push(email.id);
    cursor = page.nextCursor;
  } while (cursor && ids.length < wanted);
  return ids.slice(0, wanted);
}
