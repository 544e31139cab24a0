import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createTokenCipher, parseTokenKey } from './token-cipher';

describe('token cipher (AES-256-GCM)', () => {
  const cipher = createTokenCipher(crypto.randomBytes(32));

  it('round-trips a token and never stores it as plain text', () => {
    const token = 'EwBwA8l6BAAU-refresh-token-ÄÖÜ';
    const sealed = cipher.encrypt(token);
    expect(sealed).toMatch(/^v1\.[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(sealed).not.toContain(token);
    expect(cipher.decrypt(sealed)).toBe(token);
  });

  it('uses a fresh IV for every value', () => {
    expect(cipher.encrypt('same')).not.toBe(cipher.encrypt('same'));
  });

  it('refuses a tampered value or another key', () => {
    const sealed = cipher.encrypt('secret-token');
    const parts = sealed.split('.');
    const body = Buffer.from(parts[3] ?? '', 'base64url');
    body[0] = (body[0] ?? 0) ^ 1;
    parts[3] = body.toString('base64url');
    expect(() => cipher.decrypt(parts.join('.'))).toThrow();
    expect(() => createTokenCipher(crypto.randomBytes(32)).decrypt(sealed)).toThrow();
    expect(() => cipher.decrypt('plain-text-token')).toThrow(/encrypted format/);
  });

  it('reads 32-byte keys in base64 or hex and refuses anything else', () => {
    const key = crypto.randomBytes(32);
    expect(parseTokenKey(key.toString('base64'))).toEqual(key);
    expect(parseTokenKey(key.toString('hex'))).toEqual(key);
    expect(() => parseTokenKey('too-short')).toThrow(/TOKEN_ENCRYPTION_KEY/);
    expect(() => parseTokenKey(crypto.randomBytes(16).toString('base64'))).toThrow();
  });
});
