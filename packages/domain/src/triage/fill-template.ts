import { parseSenderAddress } from './sender-address';

/**
 * Fills a saved reply's placeholders for the message being written:
 *   {{first_name}}  the first name of the person written to (the sender of the message replied to, or the
 *                   first To recipient of a new mail)
 *   {{sender_name}} that person's full name (their address when the mail gives no name)
 *   {{my_name}}     the user's own name from their profile
 * Placeholders are case-insensitive and may have spaces inside the braces; unknown ones are left as typed.
 * A value that is unknown (no recipient yet, no profile name) leaves an empty string, never "undefined".
 */

export type TemplateContext = { recipient: string | null; myName: string | null };

const PLACEHOLDER = /\{\{\s*([a-z_]+)\s*\}\}/gi;

/** The display name of "Dana Client <dana@client.test>", or a readable name made from a bare address. */
export function displayNameOf(recipient: string): string {
  const text = recipient.trim();
  const { name } = parseSenderAddress(text);
  if (name) return name;
  const address = text.replace(/^<|>$/g, '');
  const local = address.includes('@') ? (address.split('@')[0] ?? '') : address;
  // "dana.client" → "Dana Client"; digits and plus-tags are dropped from a made-up name.
  const words = local
    .split('+')[0]
    ?.split(/[._-]+/)
    .filter((word) => /^\p{L}+$/u.test(word));
  if (!words || words.length === 0) return address;
  return words.map((word) => word.charAt(0).toUpperCase() + word.slice(1).toLowerCase()).join(' ');
}

/** The first name in a display name ("Dr. Priya Natarajan" and "Natarajan, Priya" → "Priya"). */
export function firstNameOf(displayName: string): string {
  const [surname, given] = displayName.split(',', 2);
  const words = (given?.trim() ? given : (surname ?? ''))
    .split(/\s+/)
    .filter((word) => word && !/^(mr|mrs|ms|miss|dr|prof)\.?$/i.test(word));
  return words[0] ?? '';
}

export function fillTemplate(text: string, context: TemplateContext): string {
  const senderName = context.recipient ? displayNameOf(context.recipient) : '';
  const values: Record<string, string> = {
    first_name: firstNameOf(senderName.includes('@') ? '' : senderName),
    sender_name: senderName,
    my_name: context.myName?.trim() ?? '',
  };
  return text.replace(PLACEHOLDER, (whole, key: string) => values[key.toLowerCase()] ?? whole);
}

/** The `;name` being typed just before the caret, if any (a `;` at a word start, then name characters). */
export function templateTrigger(textBeforeCaret: string): string | null {
  const match = /(?:^|\s);([\p{L}\p{N}][\p{L}\p{N}_-]*)$/u.exec(textBeforeCaret);
  return match?.[1] ?? null;
}

/** The key `;name` refers to a template by: its name lower-cased with spaces as dashes. */
export function templateKey(name: string): string {
  return name.trim().toLowerCase().replace(/\s+/g, '-');
}
