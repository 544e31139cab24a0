import { badRequest } from '../../http/app-error';

/**
 * Where a page of thread groups ends: the last group's latest activity (full database precision) and the id
 * of its latest item — unique, since every thread has exactly one latest item.
 */
export type ThreadCursor = { lastActivity: string; itemId: string };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,6})?([+-]\d{2}(:\d{2})?|Z)$/;

/** An opaque, URL-safe cursor. */
export function encodeCursor(cursor: ThreadCursor): string {
  return Buffer.from(JSON.stringify([cursor.lastActivity, cursor.itemId])).toString('base64url');
}

/** Reads a cursor made by encodeCursor; anything else is a 400. */
export function decodeCursor(text: string): ThreadCursor {
  try {
    const value: unknown = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
    if (Array.isArray(value) && value.length === 2) {
      const [lastActivity, itemId] = value;
      if (typeof lastActivity === 'string' && TIMESTAMP.test(lastActivity) && typeof itemId === 'string') {
        if (UUID.test(itemId)) return { lastActivity, itemId };
      }
    }
  } catch {
    // Reported below.
  }
  throw badRequest('cursor: Invalid cursor. Load the list again from the first page.');
}
