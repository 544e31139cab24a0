import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

const booleanFlag = z
  .enum(['true', 'false', '1', '0', ''])
  .optional()
  .transform((value) => value === 'true' || value === '1');

const optionalUrl = z
  .string()
  .url()
  .optional()
  .or(z.literal('').transform(() => undefined));

/** TRUST_PROXY: '' / off / false → trust none; a number → that many hops; else a comma-separated list. */
const trustProxy = z
  .string()
  .optional()
  .transform((value, ctx): false | number | string[] => {
    const text = (value ?? '').trim();
    if (text === '' || /^(off|false|0)$/i.test(text)) return false;
    if (/^\d+$/.test(text)) return Number(text);
    if (/^(on|true)$/i.test(text)) {
      ctx.addIssue({
        code: 'custom',
        message: 'say how many proxies (a hop count) or which addresses to trust, not true',
      });
      return z.NEVER;
    }
    return text
      .split(',')
      .map((entry) => entry.trim())
      .filter(Boolean);
  });

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  PUBLIC_URL: optionalUrl,
  DATA_DIR: z.string().default('./data'),
  // The embedded database (PGlite, no DATABASE_URL) pauses changes below this much free space on DATA_DIR's disk,
  // before a failed write could stall it (decision 041); 0 turns the watch off.
  DISK_FREE_MIN_MB: z.coerce.number().int().min(0).default(256),
  DATABASE_URL: optionalUrl,
  DATABASE_APP_URL: optionalUrl,
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  AUTH_SECRET: z.string().min(32).optional(),
  TOKEN_ENCRYPTION_KEY: z.string().optional(),
  REQUIRE_EMAIL_CONFIRMATION: booleanFlag,
  SMTP_URL: optionalUrl,
  SMTP_FROM: z.string().default('Ledgerdesk <no-reply@ledgerdesk.local>'),
  MICROSOFT_CLIENT_ID: z.string().optional(),
  MICROSOFT_CLIENT_SECRET: z.string().optional(),
  MICROSOFT_TENANT: z.string().default('common'),
  MICROSOFT_LOGIN_URL: optionalUrl,
  MICROSOFT_GRAPH_URL: optionalUrl,
  GOOGLE_CLIENT_ID: z.string().optional(),
  GOOGLE_CLIENT_SECRET: z.string().optional(),
  GOOGLE_AUTH_URL: optionalUrl,
  GOOGLE_TOKEN_URL: optionalUrl,
  GMAIL_API_URL: optionalUrl,
  // Gmail live updates (decision 021): the topic users.watch publishes to, the pull subscription the fleet reads,
  // and a service account's key (a path to the JSON key file, or the JSON itself) with the subscriber role.
  GOOGLE_PUBSUB_TOPIC: z
    .string()
    .regex(/^projects\/[^/]+\/topics\/[^/]+$/, 'use projects/<project>/topics/<topic>')
    .optional(),
  GOOGLE_PUBSUB_SUBSCRIPTION: z
    .string()
    .regex(/^projects\/[^/]+\/subscriptions\/[^/]+$/, 'use projects/<project>/subscriptions/<subscription>')
    .optional(),
  GOOGLE_PUBSUB_CREDENTIALS: z.string().optional(),
  GOOGLE_PUBSUB_URL: optionalUrl,
  MAIL_SANDBOX: z.enum(['auto', 'on', 'off']).default('auto'),
  // Live updates (decision 021): auto sets them up wherever the provider and this configuration allow; off
  // never does (every mailbox is polled only, as before push).
  MAIL_PUSH: z.enum(['auto', 'off']).default('auto'),
  // Lets non-loopback callers use the sandbox control API; generated into DATA_DIR when unset.
  SANDBOX_CONTROL_TOKEN: z.string().min(16).optional(),
  // Lets non-loopback callers (a Prometheus elsewhere) read /api/metrics with Authorization: Bearer <token>.
  METRICS_TOKEN: z.string().min(16).optional(),
  // Which proxies to believe about the client address: off (default), a hop count, or addresses/CIDRs.
  TRUST_PROXY: trustProxy,
  // IMAP mailboxes (decision 023): connect to hosts on loopback/private addresses and without TLS (development, tests
  // and e2e only: otherwise Test connection could probe the server's own network), and one more CA to trust
  // (a PEM file; the tests' Dovecot CA). Neither ever comes from a request.
  IMAP_ALLOW_PRIVATE_HOSTS: booleanFlag,
  IMAP_EXTRA_CA_FILE: z.string().optional(),
  SYNC_INTERVAL_SECONDS: z.coerce.number().int().min(0).default(60),
  // A Microsoft 365 shared mailbox without live updates (no admin consent for the app-only subscription) is
  // polled this often instead of every round (decision 028); 0 or not under SYNC_INTERVAL_SECONDS = the round's.
  SHARED_MAILBOX_POLL_SECONDS: z.coerce.number().int().min(0).max(3600).default(15),
  // Test-only: lets a loopback caller move the server's clock forward (POST /api/test/clock/advance).
  TEST_CLOCK_CONTROL: z
    .enum(['on', 'off', ''])
    .optional()
    .transform((value) => value === 'on'),
  // The sync fleet (jobs/): syncs one process runs at once, the local hours that count as peak for the
  // notification sources' peak/off-peak intervals, and how long a sync job may stay active before another
  // node takes it over (a node that died mid-sync).
  SYNC_CONCURRENCY: z.coerce.number().int().min(1).max(100).default(4),
  SYNC_PEAK_HOURS: z
    .string()
    .regex(/^([01]?\d|2[0-4])-([01]?\d|2[0-4])$/, 'use start-end hours, e.g. 8-18')
    .default('8-18'),
  SYNC_JOB_EXPIRE_SECONDS: z.coerce.number().int().min(1).default(600),
  // IMAP live updates (decision 023): IDLE connections one process holds at most (0: none), and how long a node's
  // hold on a mailbox's IDLE lasts without renewal (another node takes the mailbox once it has run out).
  IMAP_IDLE_MAX_PER_NODE: z.coerce.number().int().min(0).max(100_000).default(500),
  IMAP_IDLE_LEASE_SECONDS: z.coerce.number().int().min(2).max(3600).default(60),
  /** How long a node holds a mailbox's queued changes before another node may take them over (decision 010). */
  OUTBOX_LEASE_SECONDS: z.coerce.number().int().min(2).max(3600).default(120),
  SIGN_IN_MAX_ATTEMPTS_PER_IP: z.coerce.number().int().min(1).default(30),
  // Per (account, client address); the account as a whole has the larger budget below.
  SIGN_IN_MAX_ATTEMPTS_PER_ACCOUNT: z.coerce.number().int().min(1).default(10),
  SIGN_IN_ACCOUNT_BUDGET: z.coerce.number().int().min(1).default(100),
  SIGN_IN_WINDOW_SECONDS: z.coerce.number().int().min(1).default(900),
  // Avatar storage: an S3-compatible bucket when these are set, else local disk under DATA_DIR/storage.
  S3_BUCKET: z.string().optional(),
  S3_ENDPOINT: optionalUrl,
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  S3_REGION: z.string().default('us-east-1'),
});

export type Env = z.infer<typeof envSchema>;

/** Parses the environment once at start and fails fast with every problem listed. */
export function parseEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const result = envSchema.safeParse(source);
  if (!result.success) {
    const problems = result.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`Invalid configuration:\n${problems.join('\n')}`);
  }
  const env = result.data;
  const pairs: Array<[string | undefined, string | undefined, string]> = [
    [env.MICROSOFT_CLIENT_ID, env.MICROSOFT_CLIENT_SECRET, 'MICROSOFT_CLIENT_ID and MICROSOFT_CLIENT_SECRET'],
    [env.GOOGLE_CLIENT_ID, env.GOOGLE_CLIENT_SECRET, 'GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET'],
  ];
  for (const [id, secret, names] of pairs) {
    if (Boolean(id) !== Boolean(secret))
      throw new Error(`Invalid configuration: set both ${names}, or neither.`);
  }
  const pubsub = [env.GOOGLE_PUBSUB_TOPIC, env.GOOGLE_PUBSUB_SUBSCRIPTION, env.GOOGLE_PUBSUB_CREDENTIALS];
  if (pubsub.some(Boolean) && !pubsub.every(Boolean))
    throw new Error(
      'Invalid configuration: set all of GOOGLE_PUBSUB_TOPIC, GOOGLE_PUBSUB_SUBSCRIPTION and GOOGLE_PUBSUB_CREDENTIALS, or none.',
    );
  const s3 = [env.S3_BUCKET, env.S3_ENDPOINT, env.S3_ACCESS_KEY_ID, env.S3_SECRET_ACCESS_KEY];
  if (s3.some(Boolean) && !s3.every(Boolean))
    throw new Error(
      'Invalid configuration: set all of S3_BUCKET, S3_ENDPOINT, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY, or none.',
    );
  if (env.IMAP_EXTRA_CA_FILE && !fs.existsSync(env.IMAP_EXTRA_CA_FILE))
    throw new Error(`Invalid configuration: IMAP_EXTRA_CA_FILE ${env.IMAP_EXTRA_CA_FILE} does not exist.`);
  return { ...env, DATA_DIR: path.resolve(env.DATA_DIR) };
}
