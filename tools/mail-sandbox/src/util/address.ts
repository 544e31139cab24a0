export type Address = { name: string; address: string };

/** Parses `Name <addr>`, `"Last, First" <addr>` or a bare address. */
export function parseAddress(text: string): Address {
  const trimmed = text.trim();
  const match = /^(.*?)\s*<([^>]+)>\s*$/.exec(trimmed);
  if (match) {
    const name = (match[1] ?? '').trim().replace(/^"(.*)"$/, '$1');
    const address = (match[2] ?? '').trim().toLowerCase();
    return { name: name || nameFromAddress(address), address };
  }
  const address = trimmed.toLowerCase();
  return { name: nameFromAddress(address), address };
}

/** Splits a header address list on commas outside quotes and angle brackets. */
export function parseAddressList(text: string | undefined): Address[] {
  if (!text) return [];
  const parts: string[] = [];
  let current = '';
  let isQuoted = false;
  let depth = 0;
  for (const char of text) {
    if (char === '"') isQuoted = !isQuoted;
    if (!isQuoted && char === '<') depth++;
    if (!isQuoted && char === '>') depth--;
    if (char === ',' && !isQuoted && depth === 0) {
      parts.push(current);
      current = '';
    } else {
      current += char;
    }
  }
  parts.push(current);
  return parts.filter((part) => part.trim() !== '').map(parseAddress);
}

/** `alex.morgan@x.test` → `Alex Morgan`. */
export function nameFromAddress(address: string): string {
  const local = address.split('@')[0] ?? address;
  return local
    .split(/[._-]+/)
    .filter(Boolean)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(' ');
}

export function formatAddress(address: Address): string {
  if (!address.name) return address.address;
  const name = /[",;:<>@()[\]\\]/.test(address.name)
    ? `"${address.name.replace(/"/g, '\\"')}"`
    : address.name;
  return `${name} <${address.address}>`;
}

export function isSameAddress(a: string, b: string): boolean {
  return a.trim().toLowerCase() === b.trim().toLowerCase();
}
