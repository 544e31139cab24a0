import type {
  ThreadGroupDto,
  ThreadsPage,
  ThreadsRequest,
  TriageItemDto,
} from '@ledgerdesk/domain/api/triage';
import { threadsSearchParams } from '@ledgerdesk/domain/api/triage';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { rowsOf } from '../../src/db/rows-of';
import { withUser } from '../../src/db/with-user';

/** Small request helpers shared by the triage suites. */

export async function listThreads(
  app: FastifyInstance,
  cookie: string,
  request: Partial<ThreadsRequest> = {},
): Promise<ThreadsPage> {
  const response = await app.inject({
    method: 'GET',
    url: `/api/triage/threads?${threadsSearchParams({ view: 'inbox', ...request })}`,
    headers: { cookie },
  });
  if (response.statusCode !== 200) throw new Error(`list failed: ${response.statusCode} ${response.body}`);
  return response.json() as ThreadsPage;
}

/** Every page of a listing, following nextCursor. */
export async function listAllThreads(
  app: FastifyInstance,
  cookie: string,
  request: Partial<ThreadsRequest> = {},
): Promise<{ groups: ThreadGroupDto[]; pages: number; total: number }> {
  const groups: ThreadGroupDto[] = [];
  let cursor: string | null = null;
  let pages = 0;
  let total = 0;
  do {
    const page: ThreadsPage = await listThreads(app, cookie, { ...request, cursor });
    groups.push(...page.groups);
    total = page.total;
    cursor = page.nextCursor;
    pages += 1;
  } while (cursor && pages < 1000);
  return { groups, pages, total };
}

/** The item ids shown by a listing (every page), in order. */
export async function listedItemIds(
  app: FastifyInstance,
  cookie: string,
  request: Partial<ThreadsRequest> = {},
): Promise<string[]> {
  const { groups } = await listAllThreads(app, cookie, request);
  return groups.flatMap((group) => group.emails.map((email: TriageItemDto) => email.id));
}

/** The stored state of one item, read as its owner (row-level security applies). */
export async function itemSnapshot(
  app: FastifyInstance,
  userId: string,
  id: string,
): Promise<{ status: string; isRead: boolean; syncPriority: number; metadata: unknown; updatedAt: string }> {
  const result = await withUser(app.db, userId, (tx) =>
    tx.execute(sql`
      select status, is_read, sync_priority, metadata, updated_at from triage_items where id = ${id}`),
  );
  const row = rowsOf<{
    status: string;
    is_read: boolean;
    sync_priority: number;
    metadata: unknown;
    updated_at: Date | string;
  }>(result)[0];
  if (!row) throw new Error(`item ${id} not visible to ${userId}`);
  return {
    status: row.status,
    isRead: row.is_read,
    syncPriority: row.sync_priority,
    metadata: row.metadata,
    updatedAt: new Date(row.updated_at).toISOString(),
  };
}
