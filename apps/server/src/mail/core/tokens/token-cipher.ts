import crypto from 'node:crypto';

const VERSION = 'v1';
const IV_BYTES = 12;

export type TokenCipher = { encrypt(plain: string): string; decrypt(sealed: string): string };

/**
 * Reads a 256-bit key given as base64 (44 chars) or hex (64 chars); anything else is refused at start so a
 * typo cannot silently weaken the encryption.
 */
export function parseTokenKey(text: string): Buffer {
  const value = text.trim();
  if (/^[0-9a-f]{64}$/i.test(value)) return Buffer.from(value, 'hex');
  const bytes = Buffer.from(value, 'base64');
  if (bytes.length === 32 && /^[A-Za-z0-9+/_-]+={0,2}$/.test(value)) return bytes;
  throw new Error(
    'TOKEN_ENCRYPTION_KEY must be 32 random bytes in base64 or hex (e.g. `openssl rand -base64 32`).',
  );
}

/** AES-256-GCM with a random 96-bit IV per value: `v1.<iv>.<tag>.<ciphertext>` in base64url. */
export function createTokenCipher(key: Buffer): TokenCipher {
  if (key.length !== 32) throw new Error('The token encryption key must be 32 bytes.');
  return {
    encrypt(plain) {
      const iv = crypto.randomBytes(IV_BYTES);
      const cipher = crypto.createCipheriv('aes-256-gcm', key, iv);
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      const parts = [iv, cipher.getAuthTag(), body].map((part) => part.toString('base64url'));
      return [VERSION, ...parts].join('.');
    },
    decrypt(sealed) {
      const [version, iv, tag, body] = sealed.split('.');
      if (version !== VERSION || !iv || !tag || body === undefined) {
        throw new Error('The stored token is not in the expected encrypted format.');
      }
      const decipher = crypto.createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString(
        'utf8',
      );
    },
  };
}
