import type { EmailInThread } from '@ledgerdesk/domain/entities';

const MAX_ENTRIES = 500;
const TTL_MS = 5 * 60_000;

type Entry = { value: EmailInThread; expiresAt: number };

/** A small LRU of fetched message contents, keyed by integration and message id (spec §7: cached per message). */
export class ContentCache {
  private readonly entries = new Map<string, Entry>();

  constructor(
    private readonly maxEntries = MAX_ENTRIES,
    private readonly ttlMs = TTL_MS,
  ) {}

  private static key(integrationId: string, messageId: string): string {
    return `${integrationId}\u0000${messageId}`;
  }

  get(integrationId: string, messageId: string, now = Date.now()): EmailInThread | null {
    const key = ContentCache.key(integrationId, messageId);
    const entry = this.entries.get(key);
    if (!entry) return null;
    this.entries.delete(key);
    if (entry.expiresAt <= now) return null;
    this.entries.set(key, entry);
    return entry.value;
  }

  set(integrationId: string, messageId: string, value: EmailInThread, now = Date.now()): void {
    const key = ContentCache.key(integrationId, messageId);
    this.entries.delete(key);
    this.entries.set(key, { value, expiresAt: now + this.ttlMs });
    while (this.entries.size > this.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest === undefined) break;
      this.entries.delete(oldest);
    }
  }

  /** Forgets a message after it was moved or changed. */
  delete(integrationId: string, messageId: string): void {
    this.entries.delete(ContentCache.key(integrationId, messageId));
  }
}
