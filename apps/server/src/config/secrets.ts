import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/**
 * Returns a secret from the environment or, for the embedded default, from a file generated once in the
 * data folder (mode 0600), so that sessions and encrypted tokens survive restarts without any setup.
 */
export function loadOrCreateSecret(dataDir: string, name: string, fromEnv: string | undefined): string {
  if (fromEnv) return fromEnv;
  fs.mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, `${name}.key`);
  if (fs.existsSync(file)) return fs.readFileSync(file, 'utf8').trim();
  const secret = crypto.randomBytes(32).toString('base64');
  fs.writeFileSync(file, secret, { mode: 0o600, flag: 'wx' });
  return secret;
}
