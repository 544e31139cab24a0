// `npm start`: builds the web app and the server when their sources changed since the last build, then
// serves Ledgerdesk on PORT (default 3000) with PGlite in ./data unless DATABASE_URL is set.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const sources = [
  'packages/domain/src',
  'apps/server/src',
  'apps/web/src',
  'apps/web/index.html',
  'tools/mail-sandbox/src',
];
const outputs = ['apps/server/dist/main.js', 'apps/web/dist/index.html'];

function newestMtime(target) {
  const full = path.join(root, target);
  if (!fs.existsSync(full)) return 0;
  const stat = fs.statSync(full);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of fs.readdirSync(full)) newest = Math.max(newest, newestMtime(path.join(target, entry)));
  return newest;
}

const builtAt = Math.min(...outputs.map((output) => newestMtime(output)));
if (builtAt === 0 || sources.some((source) => newestMtime(source) > builtAt)) {
  console.log('Building Ledgerdesk...');
  const result = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

// A first run with no provider credentials at all is someone trying Ledgerdesk on their machine: it gets the
// mail sandbox (production mode never mounts it by itself, decision 008). As soon as any provider is configured,
// or MAIL_SANDBOX is set, the server's own rule applies.
const hasProviderCredentials = Boolean(process.env.MICROSOFT_CLIENT_ID || process.env.GOOGLE_CLIENT_ID);
const mailSandbox = process.env.MAIL_SANDBOX ?? (hasProviderCredentials ? 'auto' : 'on');

// The server's Node flags (apps/server/node-flags.json, decision 025): 64 MB semi-spaces for the young generation
// (Node's default is 16 MB), so a syncing server collects it a quarter as often and a page is less often paused.
const { flags } = JSON.parse(fs.readFileSync(path.join(root, 'apps/server/node-flags.json'), 'utf8'));
const server = spawnSync(
  process.execPath,
  ['--enable-source-maps', ...flags, path.join(root, 'apps/server/dist/main.js')],
  {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: process.env.NODE_ENV ?? 'production', MAIL_SANDBOX: mailSandbox },
  },
);
process.exit(server.status ?? 0);
