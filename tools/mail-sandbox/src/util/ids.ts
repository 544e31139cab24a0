import { randomBytes } from 'node:crypto';
import type { Random } from './prng';

const BASE64URL = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
const HEX = '0123456789abcdef';

export type IdSource = (alphabet: string, length: number) => string;

/** Ids drawn from the seeded PRNG, so seeded mailboxes get the same ids on every start. */
export function seededIdSource(random: Random): IdSource {
  const scratch = Buffer.allocUnsafe(256);
  return (alphabet, length) => {
    const bytes = length <= scratch.length ? scratch : Buffer.allocUnsafe(length);
    for (let i = 0; i < length; i += 4) {
      const value = random.seed();
      bytes[i] = alphabet.charCodeAt((value & 0xff) % alphabet.length);
      if (i + 1 < length) bytes[i + 1] = alphabet.charCodeAt(((value >>> 8) & 0xff) % alphabet.length);
      if (i + 2 < length) bytes[i + 2] = alphabet.charCodeAt(((value >>> 16) & 0xff) % alphabet.length);
      if (i + 3 < length) bytes[i + 3] = alphabet.charCodeAt((value >>> 24) % alphabet.length);
    }
    // latin1 decoding gives a flat string (char-by-char concatenation would build heavy cons-strings).
    return bytes.toString('latin1', 0, length);
  };
}

/** Ids for things created at run time (sent mail, moves, tokens). */
export const cryptoIdSource: IdSource = (alphabet, length) => {
  const bytes = randomBytes(length);
  for (let i = 0; i < length; i++) bytes[i] = alphabet.charCodeAt((bytes[i] ?? 0) % alphabet.length);
  return bytes.toString('latin1');
};

/** Shapes like Exchange REST ids (base64url with a trailing '='). */
export function graphMessageId(source: IdSource): string {
  return `AAMkAD${source(BASE64URL, 58)}AAA=`;
}

export function graphImmutableId(source: IdSource): string {
  return `AAkALgAA${source(BASE64URL, 56)}AAA=`;
}

export function graphConversationId(source: IdSource): string {
  return `AAQkAD${source(BASE64URL, 38)}=`;
}

export function graphAttachmentId(source: IdSource): string {
  return `AAMkAD${source(BASE64URL, 70)}BEgAQA=`;
}

/** Gmail ids are hex of (milliseconds << 20 | random bits), so they grow with time like the real ones. */
export function gmailId(source: IdSource, at: number = Date.now()): string {
  const random = BigInt(Number.parseInt(source(HEX, 5), 16));
  return ((BigInt(Math.floor(at)) << 20n) | random).toString(16);
}

export function gmailAttachmentId(source: IdSource): string {
  return `ANGjdJ${source(BASE64URL, 90)}`;
}

export function opaqueToken(prefix: string, length = 48): string {
  return `${prefix}${cryptoIdSource(BASE64URL, length)}`;
}

export function guid(source: IdSource): string {
  const hex = source(HEX, 32);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20)}`;
}
