import type { EmailAddress } from '../entities';

const NAME_AND_ADDRESS = /^\s*"?([^"<]*?)"?\s*<([^<>]+)>\s*$/;

/** Splits a stored sender ("Name <addr>", or a bare address) into {name, address}; name is '' when absent. */
export function parseSenderAddress(text: string | null | undefined): EmailAddress {
  const value = (text ?? '').trim();
  const match = NAME_AND_ADDRESS.exec(value);
  if (match) return { name: (match[1] ?? '').trim(), address: (match[2] ?? '').trim() };
  return { name: '', address: value };
}

/** Distinct senders of a list of stored sender strings, first appearance kept (case-insensitive by address). */
export function distinctSenders(senders: readonly (string | null | undefined)[]): EmailAddress[] {
  const seen = new Set<string>();
  const result: EmailAddress[] = [];
  for (const sender of senders) {
    const parsed = parseSenderAddress(sender);
    const key = parsed.address.toLowerCase();
    if (key === '' || seen.has(key)) continue;
    seen.add(key);
    result.push(parsed);
  }
  return result;
}
