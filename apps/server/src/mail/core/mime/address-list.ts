import type { EmailAddress } from '@ledgerdesk/domain/entities';

/** Splits a header on commas outside quotes, angle brackets and comments. */
function splitList(value: string): string[] {
  const items: string[] = [];
  let current = '';
  let quoted = false;
  let angle = 0;
  let comment = 0;
  for (let i = 0; i < value.length; i++) {
    const char = value[i] ?? '';
    if (char === '\\' && quoted) {
      current += char + (value[i + 1] ?? '');
      i++;
      continue;
    }
    if (char === '"' && comment === 0) quoted = !quoted;
    else if (!quoted && char === '<') angle++;
    else if (!quoted && char === '>') angle = Math.max(0, angle - 1);
    else if (!quoted && char === '(') comment++;
    else if (!quoted && char === ')') comment = Math.max(0, comment - 1);
    if (char === ',' && !quoted && angle === 0 && comment === 0) {
      items.push(current);
      current = '';
    } else current += char;
  }
  items.push(current);
  return items.map((item) => item.trim()).filter(Boolean);
}

function unquote(name: string): string {
  const trimmed = name.trim();
  if (trimmed.startsWith('"') && trimmed.endsWith('"') && trimmed.length >= 2) {
    return trimmed.slice(1, -1).replace(/\\(.)/g, '$1');
  }
  return trimmed;
}

/** Parses one mailbox: `"Name" <addr>`, `Name <addr>` or `addr` (a group's name is dropped). */
export function parseAddress(value: string): EmailAddress | null {
  const text = value
    .replace(/^[^<"]*:\s*/, '')
    .replace(/;\s*$/, '')
    .trim();
  const angle = /^(.*)<([^>]+)>\s*(?:\(.*\))?$/.exec(text);
  if (angle) {
    const address = (angle[2] ?? '').trim();
    return address.includes('@') ? { name: unquote(angle[1] ?? ''), address } : null;
  }
  const bare = text.replace(/\s*\(.*\)\s*$/, '').trim();
  return bare.includes('@') ? { name: '', address: bare } : null;
}

/** Parses an address-list header (From, To, Cc, Bcc). */
export function parseAddressList(value: string | null | undefined): EmailAddress[] {
  if (!value) return [];
  return splitList(value)
    .map(parseAddress)
    .filter((address): address is EmailAddress => address !== null);
}

/** "Name <addr>", or the address alone when there is no name (triage's from_address). */
export function formatAddress(address: EmailAddress | null): string {
  if (!address) return '';
  return address.name && address.name !== address.address
    ? `${address.name} <${address.address}>`
    : address.address;
}

/** The message ids of a References / In-Reply-To header, without angle brackets. */
export function parseMessageIds(value: string | null | undefined): string[] {
  if (!value) return [];
  const bracketed = [...value.matchAll(/<([^<>\s]+)>/g)].map((match) => match[1] ?? '');
  if (bracketed.length > 0) return bracketed.filter(Boolean);
  return value.split(/\s+/).filter((token) => token.includes('@'));
}
