// PostgreSQL text and jsonb cannot hold U+0000, and UTF-8 cannot encode a lone UTF-16 surrogate. Anyone can
// send such a message (a `=00` in a quoted-printable part), so provider text is made storable at ingestion.

import type { ChangePage, MailProvider } from './provider';

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** The text without U+0000 and with every lone surrogate replaced by U+FFFD. */
export function storableText(text: string): string {
  return text.replaceAll('\u0000', '').replace(LONE_SURROGATE, '\uFFFD');
}

/** A provider value (message, address, body…) with every string in it made storable; other values kept. */
export function storable<T>(value: T): T {
  if (typeof value === 'string') return storableText(value) as T;
  if (Array.isArray(value)) return value.map((item) => storable(item)) as T;
  if (value !== null && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype) {
    const copy: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) copy[storableText(key)] = storable(item);
    return copy as T;
  }
  return value;
}

type StorableReads = Pick<MailProvider, 'listChanges' | 'lookupMessages' | 'listIds' | 'getMessage'>;

/** The provider with everything it reads from the mailbox made storable (sync pages, lookups, ids, content). */
export function withStorableText<P extends MailProvider>(provider: P): P {
  const reads: StorableReads = {
    listChanges: async (session, input) => storablePage(await provider.listChanges(session, input)),
    lookupMessages: async (session, ids) => {
      const found = await provider.lookupMessages(session, ids);
      return new Map([...found].map(([id, message]) => [id, message && storable(message)]));
    },
    // Ids compare with the stored ones, which were made storable when they were written.
    listIds: async (session, input) => (await provider.listIds(session, input)).map(storableText),
    getMessage: async (session, id) => storable(await provider.getMessage(session, id)),
  };
  return { ...provider, ...reads };
}

function storablePage(page: ChangePage): ChangePage {
  return {
    ...page,
    changes: page.changes.map((change) =>
      change.kind === 'upsert' ? { kind: 'upsert', message: storable(change.message) } : change,
    ),
  };
}
