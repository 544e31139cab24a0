import type { Provider } from '@ledgerdesk/domain/entities';
import type { Env } from '../../config/env';
import { loadOrCreateSecret } from '../../config/secrets';
import type { Database, Db } from '../../db/client';
import { ContentCache } from './content-cache';
import type { FilingHook } from './filing-hook';
import { type MailConfig, resolveMailConfig } from './mail-config';
import type { MailProvider } from './provider';
import { createPubSubClient, type PubSubClient } from './pubsub/pubsub-client';
import { createTokenCipher, parseTokenKey, type TokenCipher } from './tokens/token-cipher';

/** What the mail layer logs through (pino's or Fastify's logger). */
export type MailLogger = {
  debug(object: object, message?: string): void;
  info(object: object, message?: string): void;
  warn(object: object, message?: string): void;
  error(object: object, message?: string): void;
};

/**
 * Everything the mail layer (providers, sync engine, tokens, jobs, server functions) needs, built once in the
 * composition root (main.ts, or buildApp for tests) and passed explicitly: no module-level state.
 */
export type MailDeps = {
  db: Db;
  database: Database;
  env: Env;
  publicUrl: string;
  log: MailLogger;
  /** Provider endpoints and credentials (real or sandbox). */
  mailConfig: MailConfig;
  /** Gmail's Pub/Sub pull subscription with its cached service-account token; null when Gmail push is off. */
  pubsub: PubSubClient | null;
  /** Provider adapters, created on first use (providerFor). */
  providers: Partial<Record<Provider, MailProvider>>;
  /** AES-256-GCM for tokens at rest: TOKEN_ENCRYPTION_KEY, else a key file generated once in DATA_DIR. */
  tokenCipher: TokenCipher;
  /** Full message content, per integration and message id. */
  contentCache: ContentCache;
  /** Integrations whose sync lock this process holds (the whole lock on PGlite; see sync-lock.ts). */
  syncLocks: Set<string>;
  /** Files new mail further as it is synced (rules, decision 025), given by the composition root; null without. */
  readonly filing: FilingHook | null;
};

export function createMailDeps(input: {
  env: Env;
  database: Database;
  publicUrl: string;
  log: MailLogger;
  /** The rules' filing of new mail (the composition root's); null runs the engine without it. */
  filing?: FilingHook | null;
}): MailDeps {
  const { env, database } = input;
  const key = loadOrCreateSecret(env.DATA_DIR, 'token-encryption', env.TOKEN_ENCRYPTION_KEY);
  const mailConfig = resolveMailConfig(env, input.publicUrl);
  const pubsub = env.MAIL_PUSH === 'off' ? null : mailConfig.google?.pubsub;
  return {
    db: database.db,
    database,
    env,
    publicUrl: input.publicUrl,
    log: input.log,
    mailConfig,
    pubsub: pubsub ? createPubSubClient(pubsub) : null,
    providers: {},
    tokenCipher: createTokenCipher(parseTokenKey(key)),
    contentCache: new ContentCache(),
    syncLocks: new Set(),
    filing: input.filing ?? null,
  };
}
