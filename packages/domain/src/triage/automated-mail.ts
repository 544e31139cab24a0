/**
 * Automated mail (decision 012): newsletters, notifications and system mail are synced as type `notification`, so
 * they land under the Notifications tab instead of mixing with clients' mail. A message is automated when it
 * carries a list header (List-Unsubscribe, List-Id), says it was sent automatically (Auto-Submitted other than
 * "no"), is bulk or list mail (Precedence: bulk, list or junk), or comes from a no-reply style address.
 */

/** What a provider tells of a message for this rule; header values as received (any may be absent). */
export type AutomationSignals = {
  listUnsubscribe: string | null;
  listId: string | null;
  autoSubmitted: string | null;
  precedence: string | null;
};

export const NO_AUTOMATION_SIGNALS: AutomationSignals = {
  listUnsubscribe: null,
  listId: null,
  autoSubmitted: null,
  precedence: null,
};

/** Header names the rule reads, lower-cased (providers pick these out of a message's headers). */
export const AUTOMATION_HEADERS = ['list-unsubscribe', 'list-id', 'auto-submitted', 'precedence'] as const;

const NO_REPLY_LOCAL =
  /^(?:no[-_.]?reply|do[-_.]?not[-_.]?reply|donotreply|mailer[-_.]?daemon|postmaster|bounces?|notifications?|notify)(?:[-_.+].*)?$/i;

/** The local part of an address ("noreply" of "Acme <noreply@acme.test>"), lower-cased; '' when none. */
function localPart(address: string | null): string {
  if (!address) return '';
  const bracketed = /<([^<>]*)>\s*$/.exec(address)?.[1] ?? address;
  const at = bracketed.lastIndexOf('@');
  return at > 0 ? bracketed.slice(0, at).trim().toLowerCase() : '';
}

/** A header's first token, lower-cased and bounded (a hostile value never costs more than its first 200 characters). */
function token(value: string | null): string {
  if (typeof value !== 'string') return '';
  return value.slice(0, 200).split(';')[0]?.trim().toLowerCase() ?? '';
}

const present = (value: string | null) => typeof value === 'string' && value.trim().length > 0;

/** Why a message counts as automated, or null when it reads as a person's mail. */
export function automationReason(signals: AutomationSignals, fromAddress: string | null): string | null {
  if (present(signals.listUnsubscribe)) return 'list-unsubscribe';
  if (present(signals.listId)) return 'list-id';
  const auto = token(signals.autoSubmitted);
  if (auto && auto !== 'no') return 'auto-submitted';
  if (['bulk', 'list', 'junk'].includes(token(signals.precedence))) return 'precedence';
  if (NO_REPLY_LOCAL.test(localPart(fromAddress))) return 'no-reply sender';
  return null;
}

/** The bare address of a sender ("acme@news.test" of "Acme <ACME@news.test>"), lower-cased. */
export function senderAddressKey(fromAddress: string): string {
  // What /<([^<>]*)>\s*$/ finds (the last "<…>" at the end), without a match array: this runs for every message
  // of every sync page.
  const text = fromAddress.trimEnd();
  const open = text.endsWith('>') ? text.lastIndexOf('<', text.length - 2) : -1;
  const bracketed =
    open >= 0 && text.indexOf('>', open + 1) === text.length - 1 ? text.slice(open + 1, -1) : fromAddress;
  return bracketed.trim().toLowerCase();
}
