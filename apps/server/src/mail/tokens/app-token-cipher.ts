import type { FastifyInstance } from 'fastify';
import { loadOrCreateSecret } from '../../config/secrets';
import { createTokenCipher, parseTokenKey, type TokenCipher } from './token-cipher';

const ciphers = new WeakMap<FastifyInstance, TokenCipher>();

/** The app's token cipher: key from TOKEN_ENCRYPTION_KEY, else a key file generated once in DATA_DIR. */
export function tokenCipher(app: FastifyInstance): TokenCipher {
  let cipher = ciphers.get(app);
  if (!cipher) {
    const key = loadOrCreateSecret(app.env.DATA_DIR, 'token-encryption', app.env.TOKEN_ENCRYPTION_KEY);
    cipher = createTokenCipher(parseTokenKey(key));
    ciphers.set(app, cipher);
  }
  return cipher;
}
