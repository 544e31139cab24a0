import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_GMAIL_MAILBOX, SANDBOX_CLIENT_ID, SANDBOX_CLIENT_SECRET } from '../defaults';
import {
  AUTHORIZE_PATH,
  form,
  GOOGLE_SCOPES,
  pkcePair,
  requestIdOf,
  TOKEN_PATH,
} from '../test-support/harness';

const CLI = fileURLToPath(new URL('../cli.ts', import.meta.url));
const REDIRECT_URI = 'http://127.0.0.1:9/callback';
const FORM = { 'content-type': 'application/x-www-form-urlencoded' };

type Running = { child: ChildProcess; origin: string };
type MailboxSummary = { messages: Array<{ id: string; subject: string; folder: string }> };

/** The standalone sandbox (npm run sandbox) in a child process, on a free port, keeping its state in `stateFile`. */
async function startSandbox(stateFile: string): Promise<Running> {
  const child = spawn(process.execPath, ['--import', 'tsx', CLI], {
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', SANDBOX_STATE_FILE: stateFile },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const origin = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`sandbox did not start: ${output}`)), 30_000);
    child.stdout?.setEncoding('utf8');
    child.stderr?.setEncoding('utf8');
    child.stderr?.on('data', (chunk: string) => {
      output += chunk;
    });
    child.stdout?.on('data', (chunk: string) => {
      output += chunk;
      const match = /listening at (http:\/\/[^/\s]+)\/sandbox/.exec(output);
      if (match?.[1]) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    });
    child.once('exit', () => reject(new Error(`sandbox exited: ${output}`)));
  });
  return { child, origin };
}

async function kill(running: Running): Promise<void> {
  if (running.child.exitCode !== null || running.child.signalCode !== null) return;
  const exited = new Promise((resolve) => running.child.once('exit', resolve));
  running.child.kill('SIGKILL');
  await exited;
}

/** Consent (Allow) and code exchange over real HTTP: a Gmail access token for the default mailbox. */
async function gmailToken(origin: string): Promise<string> {
  const { verifier, challenge } = pkcePair();
  const authorize = new URL(`${origin}${AUTHORIZE_PATH.gmail}`);
  for (const [key, value] of Object.entries({
    client_id: SANDBOX_CLIENT_ID,
    redirect_uri: REDIRECT_URI,
    response_type: 'code',
    scope: GOOGLE_SCOPES,
    state: 'crash',
    code_challenge: challenge,
    code_challenge_method: 'S256',
  }))
    authorize.searchParams.set(key, value);
  const page = await (await fetch(authorize)).text();
  const decision = await fetch(`${origin}${AUTHORIZE_PATH.gmail}`, {
    method: 'POST',
    headers: FORM,
    body: form({
      request_id: requestIdOf(page),
      decision: 'allow',
      mailbox: DEFAULT_GMAIL_MAILBOX,
      scope: GOOGLE_SCOPES.split(' '),
    }),
    redirect: 'manual',
  });
  const code = new URL(decision.headers.get('location') ?? '').searchParams.get('code') ?? '';
  const token = await fetch(`${origin}${TOKEN_PATH.gmail}`, {
    method: 'POST',
    headers: FORM,
    body: form({
      grant_type: 'authorization_code',
      code,
      redirect_uri: REDIRECT_URI,
      client_id: SANDBOX_CLIENT_ID,
      client_secret: SANDBOX_CLIENT_SECRET,
      code_verifier: verifier,
    }),
  });
  expect(token.status).toBe(200);
  return ((await token.json()) as { access_token: string }).access_token;
}

const summary = async (origin: string): Promise<MailboxSummary> =>
  (await (
    await fetch(`${origin}/sandbox/control/mailboxes/${encodeURIComponent(DEFAULT_GMAIL_MAILBOX)}`)
  ).json()) as MailboxSummary;

let directory = '';
const running: Running[] = [];
afterEach(async () => {
  for (const sandbox of running.splice(0)) await kill(sandbox);
  if (directory) await rm(directory, { recursive: true, force: true });
});

// Decision 012 item 13: what the sandbox answered is in its state file before the answer, so a SIGKILL right after
// an acknowledged change loses nothing (a provider never forgets what it acknowledged).
describe('the sandbox state across a crash', () => {
  it('keeps an acknowledged Gmail archive and a created message when killed right after the answers', async () => {
    directory = await mkdtemp(join(tmpdir(), 'mail-sandbox-crash-'));
    const stateFile = join(directory, 'state.json');
    const first = await startSandbox(stateFile);
    running.push(first);
    const token = await gmailToken(first.origin);
    const inbox = (await summary(first.origin)).messages.filter((message) => message.folder === 'inbox');
    expect(inbox.length).toBeGreaterThan(2);

    const archived = await fetch(`${first.origin}/sandbox/gmail/gmail/v1/users/me/messages/batchModify`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ ids: inbox.map((message) => message.id), removeLabelIds: ['INBOX'] }),
    });
    expect(archived.status).toBe(204);
    const created = await fetch(`${first.origin}/sandbox/control/messages`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        mailbox: DEFAULT_GMAIL_MAILBOX,
        from: 'Pat Client <pat@client.test>',
        to: [DEFAULT_GMAIL_MAILBOX],
        subject: 'Acknowledged before the crash',
        text: 'x',
      }),
    });
    expect(created.ok).toBe(true);
    await kill(first);

    const second = await startSandbox(stateFile);
    running.push(second);
    const after = (await summary(second.origin)).messages;
    const byId = new Map(after.map((message) => [message.id, message]));
    expect(inbox.map((message) => byId.get(message.id)?.folder)).toEqual(inbox.map(() => 'archive'));
    expect(after.some((message) => message.subject === 'Acknowledged before the crash')).toBe(true);
    // The token issued before the crash still works: the exchange was saved before it was answered.
    const profile = await fetch(`${second.origin}/sandbox/gmail/gmail/v1/users/me/profile`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(profile.status).toBe(200);
  }, 90_000);
});
