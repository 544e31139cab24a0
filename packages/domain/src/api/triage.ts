/**
 * The triage API contract, shared by the server (apps/server/src/features/triage, src/realtime) and the
 * web app (apps/web/src/features/triage). Every endpoint needs a session; errors are `{error:{code,message}}`.
 *
 * GET   /api/triage/threads?view&mailboxId&tab&q&filters&cursor&limit        → ThreadsPage
 *       Thread groups of a view, newest activity first, keyset-paginated: send `nextCursor` back as
 *       `cursor` (null = last page). `filters` is JSON text: [{"type":"sender","value":"acme"}] (build the
 *       query with `threadsSearchParams`). `q` is the plain search or search operators
 *       (triage/search-operators.ts); a bad operator value answers 400 with the parser's message. A group holds the items of one thread that match the view,
 *       tab, filters and search — newest first, at most THREAD_GROUP_EMAIL_CAP of them — while
 *       `itemCount`, `unreadCount` and `participants` count all of them. `total` is the number of matching
 *       ITEMS (not groups) across every page: the header's item count. `mailboxId` (an integration id)
 *       narrows any view to one mailbox (/triage/shared/{mailboxId}); a malformed one matches nothing.
 * GET   /api/triage/counts                                                    → CountsResponse
 *       Unread items for the sidebar badges (Triage = the main view, Later, Scheduled, Drafts; `shared`: each
 *       mailbox shared with the firm, by integration id).
 * GET   /api/triage/threads/:threadKey                                        → ThreadResponse
 *       Every item of the thread (by email_thread_id, or the one item of "single-<id>"), oldest first.
 *       404 "Email not found. It may have been moved or deleted." when it has none the user can see.
 * GET   /api/triage/threads/:threadKey/content                                → ThreadContentResponse
 *       Each message's content from the mailbox (8 s per item, 15 s for the thread, 4 at a time), in the
 *       thread's order. Always 200 when the thread exists: a failed item carries its spec §8 email-fetch
 *       error; `threadError` ("Failed to Load Thread") is set when no item could be loaded. Items without a
 *       message id or integration id come back as `fallback` ("Basic Triage Item") built from the preview.
 *       Idempotent; answers carry an ETag (If-None-Match → 304) when every item loaded.
 * PATCH /api/triage/items/:id            body ItemPatch                        → ItemUpdateResponse
 * POST  /api/triage/items/bulk-update    body BulkUpdateBody                   → BulkUpdateResponse
 *       Status → cleared archives the message in the mailbox (and sets metadata.exchange_folder_state
 *       'archive'); leaving cleared for inbox/later/low_priority/scheduled moves it back to the Inbox (and
 *       drops the archive folder state); an isRead change is mirrored to the mailbox. The mailbox is changed
 *       first: if the provider refuses, nothing is saved (single: the provider's spec text and status;
 *       bulk: that id is listed in `failed`, the others are saved). Items without mailbox ids change locally
 *       only and the answer says so (`mailbox: 'local-only'`, `notice`). `metadata` is merged into the stored
 *       object key by key (a null value removes a key); the server itself sets or removes the archive folder
 *       state, so clients send only the status for Clear and Move to Inbox.
 *       Single: unknown or foreign id → 404 "You don't have permission to update this item.".
 *       Bulk: [] → 400 "No items selected for update."; any foreign/unknown id → 403 "You don't have
 *       permission to update some of these items." and nothing is written. A value the database refuses
 *       (e.g. syncPriority outside 0..10) → 400 "Invalid data format. Please refresh the page and try again.".
 * GET   /api/events   text/event-stream: `event: triage` with data TriageChangeEvent for the user's items, and
 *       `event: notice` with a UserNotice (./notice-events.ts); a comment line every 25 s keeps it open. Use `new EventSource('/api/events')`.
 */
import { z } from 'zod';
import type {
  EmailAddress,
  EmailInThread,
  ThreadGroup,
  TriageItem,
  TriageItemMetadata,
  TriageStatus,
} from '../entities';
import { TRIAGE_STATUSES } from '../entities';
import type { EmailFetchErrorCode, MessageTone } from '../mail/email-fetch-errors';
import type { ThreadLoadErrorCode } from '../mail/thread-load-errors';
import { CUSTOM_FILTER_TYPES } from '../triage/custom-filter';
import { NO_ITEMS_SELECTED } from '../triage/item-update-messages';
import { parseSearchQuery } from '../triage/search-operators';
import { TRIAGE_VIEWS } from '../triage/triage-view';
import { safeRecord, safeString } from './safe-string';
import {
  BULK_UPDATE_MAX_IDS,
  CUSTOM_FILTERS_MAX,
  SEARCH_QUERY_MAX_LENGTH,
  THREADS_PAGE_DEFAULT_LIMIT,
  THREADS_PAGE_MAX_LIMIT,
  TYPE_TAB_IDS,
} from './triage-endpoints';

// The zod-free half of the contract (paths, limits, the query string builder, the event name) lives in
// ./triage-endpoints so the browser's triage screen does not load zod; it is re-exported here unchanged.
export {
  BULK_UPDATE_MAX_IDS,
  CUSTOM_FILTERS_MAX,
  FIRM_EVENT,
  RESYNC_EVENT,
  SEARCH_QUERY_MAX_LENGTH,
  THREAD_GROUP_EMAIL_CAP,
  THREADS_PAGE_DEFAULT_LIMIT,
  THREADS_PAGE_MAX_LIMIT,
  type ThreadsRequest,
  TRIAGE_API,
  TRIAGE_EVENT,
  type TriageChangeEvent,
  TYPE_TAB_IDS,
  threadsSearchParams,
} from './triage-endpoints';

export const customFilterSchema = z.strictObject({
  type: z.enum(CUSTOM_FILTER_TYPES),
  value: safeString().max(SEARCH_QUERY_MAX_LENGTH),
});

const filtersParamSchema = safeString()
  .transform((text, ctx) => {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      ctx.addIssue({ code: 'custom', message: 'must be a JSON array of {type, value} filters' });
      return z.NEVER;
    }
  })
  .pipe(z.array(customFilterSchema).max(CUSTOM_FILTERS_MAX));

/** Query of GET /api/triage/threads (as the server receives it: every value a string). */
export const threadsQuerySchema = z.strictObject({
  view: z.enum(TRIAGE_VIEWS).default('inbox'),
  mailboxId: safeString().max(200).optional(),
  tab: z.enum(TYPE_TAB_IDS).default('all'),
  q: safeString()
    .max(SEARCH_QUERY_MAX_LENGTH)
    .optional()
    .superRefine((q, ctx) => {
      const parsed = parseSearchQuery(q);
      if (!parsed.ok) ctx.addIssue({ code: 'custom', message: parsed.error });
    }),
  filters: filtersParamSchema.optional(),
  cursor: safeString().max(1000).optional(),
  limit: z.coerce.number().int().min(1).max(THREADS_PAGE_MAX_LIMIT).default(THREADS_PAGE_DEFAULT_LIMIT),
});

export type ThreadsQuery = z.output<typeof threadsQuerySchema>;

/** An item as the API sends it (the spec §3 entity, joined with its notification source). */
export type TriageItemDto = TriageItem;

/** A thread group of the list (spec §3 view model; selection is the client's state). */
export type ThreadGroupDto = Omit<ThreadGroup, 'isSelected'> & {
  /** Matching items in the group; `emails` may hold fewer (THREAD_GROUP_EMAIL_CAP). */
  itemCount: number;
};

export type ThreadsPage = { groups: ThreadGroupDto[]; nextCursor: string | null; total: number };

export type CountsResponse = {
  counts: {
    triage: number;
    later: number;
    scheduled: number;
    drafts: number;
    /** Unread items in the main view of each mailbox shared with the user's firm, by integration id. */
    shared?: Record<string, number>;
  };
};

export type ThreadDto = {
  threadId: string;
  subject: string;
  /** Oldest first (spec §7). */
  items: TriageItemDto[];
  participants: EmailAddress[];
  lastActivity: string;
  emailCount: number;
};

export type ThreadResponse = { thread: ThreadDto };

export type EmailFetchFailure = {
  code: EmailFetchErrorCode;
  title: string;
  description: string;
  isRetryable: boolean;
  tone: MessageTone;
};

/** One item's content: from the mailbox (`loaded`), from the stored preview (`fallback`), or `failed`. */
export type ThreadItemContent = {
  itemId: string;
  outcome: 'loaded' | 'fallback' | 'failed';
  email: EmailInThread | null;
  error: EmailFetchFailure | null;
};

export type ThreadLoadFailure = {
  code: ThreadLoadErrorCode;
  title: string;
  message: string;
  /** False for an expired token, a signed-out user or an inactive integration (spec §8). */
  isRetryable: boolean;
};

export type ThreadContentResponse = {
  threadId: string;
  /** Same order as the thread's items (oldest first). */
  items: ThreadItemContent[];
  /** True when the 15 s thread deadline cut some fetches short (those items failed with RequestTimeout). */
  isTimedOut: boolean;
  threadError: ThreadLoadFailure | null;
};

/** Body of PATCH /api/triage/items/:id; at least one field. */
export const itemPatchSchema = z
  .strictObject({
    isRead: z.boolean().optional(),
    status: z.enum(TRIAGE_STATUSES).optional(),
    // The range (0..10) is the database's check constraint; a refusal answers the spec's invalid-data text.
    syncPriority: z.number().int().min(-2_147_483_648).max(2_147_483_647).optional(),
    metadata: safeRecord().optional(),
  })
  .refine((patch) => Object.values(patch).some((value) => value !== undefined), {
    message: 'Nothing to update: send at least one of isRead, status, syncPriority or metadata.',
  });

export type ItemPatch = {
  isRead?: boolean;
  status?: TriageStatus;
  syncPriority?: number;
  metadata?: TriageItemMetadata;
};

/** Body of POST /api/triage/items/bulk-update. */
export const bulkUpdateSchema = z.strictObject({
  ids: z
    .array(z.uuid())
    .min(1, NO_ITEMS_SELECTED)
    .max(BULK_UPDATE_MAX_IDS, `At most ${BULK_UPDATE_MAX_IDS} items can be updated at once.`),
  patch: itemPatchSchema,
});

export type BulkUpdateBody = { ids: string[]; patch: ItemPatch };

/** What happened in the mailbox: the local-only case is a clear or restore of an item without mailbox ids. */
export type MailboxOutcome = 'archived' | 'unarchived' | 'read-state-synced' | 'local-only' | 'unchanged';

export type UpdateNotice = { title: string; description: string };

export type ItemUpdateResponse = {
  item: TriageItemDto;
  /** The mailbox change accepted: it is queued and reaches the mailbox shortly (a refusal arrives as a notice). */
  mailbox: MailboxOutcome;
  notice: UpdateNotice | null;
  /** POST /api/triage/actions/{actionId}/undo takes the action back. */
  actionId: string;
};

export type BulkUpdateFailure = { id: string; code: string; message: string };

export type BulkUpdateResponse = {
  updated: number;
  /** Always empty since mailbox changes are queued (decision 010): a refusal arrives later as a notice. */
  failed: BulkUpdateFailure[];
  items: TriageItemDto[];
  /** Items cleared or restored locally only (no mailbox ids); `notice` says so. */
  localOnlyIds: string[];
  notice: UpdateNotice | null;
  /** POST /api/triage/actions/{actionId}/undo takes the whole bulk action back. */
  actionId: string;
};

/** POST /api/triage/actions/{actionId}/undo: the items as they are again. */
export type UndoActionResponse = { undone: number; items: TriageItemDto[] };
