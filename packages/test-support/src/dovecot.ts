import { execFile } from 'node:child_process';
import { appendFile, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import nodemailer from 'nodemailer';

const run = promisify(execFile);
const SCRIPTS = resolve(import.meta.dirname, '../../../scripts/dovecot');

/** A private Dovecot started by scripts/dovecot/start-dovecot.sh: IMAP, IMAPS, SMTP submission and LMTP on loopback. */
export type DovecotServer = {
  host: '127.0.0.1';
  /** IMAP with STARTTLS offered. */
  imapPort: number;
  /** IMAP over TLS from the first byte. */
  imapsPort: number;
  /** SMTP submission (STARTTLS, the passdb's users), relayed into this server's own mailboxes. */
  submissionPort: number;
  lmtpPort: number;
  /** The test CA (PEM) that signed the server certificate for localhost / 127.0.0.1. */
  ca: Buffer;
  dir: string;
  /** Adds a login (the address is the user name) and waits until Dovecot accepts it. */
  addUser(email: string, password: string): Promise<void>;
  /** Adds many logins in one write of the passdb (a bench's hundreds), and waits until Dovecot accepts them. */
  addUsers(users: ReadonlyArray<{ email: string; password: string }>): Promise<void>;
  /** Delivers a raw RFC 5322 message to users' inboxes over LMTP. */
  deliver(raw: string | Buffer, to: string | string[], from?: string): Promise<void>;
  /** The server log (logins, failed logins, disconnections). */
  readLog(): Promise<string>;
  /** Stops the daemons but keeps the directory (mail, users, certificates): a server that went down. */
  halt(): Promise<void>;
  /** Starts the daemons again on the same directory and ports, after `halt`. */
  restart(): Promise<void>;
  stop(): Promise<void>;
};

export type DovecotStart =
  | { server: DovecotServer; unavailable: null }
  | { server: null; unavailable: string };

/**
 * Starts a private Dovecot in a temporary directory (installing Debian's packages when missing and allowed).
 * Answers `unavailable` with the reason only where Dovecot cannot be installed (not root, apt-get failed);
 * any other failure throws. `capability` replaces the IMAP capabilities announced (e.g. without MOVE/CONDSTORE);
 * `withoutArchive` leaves out the special-use Archive folder; `maxUserIpConnections` sets Dovecot's
 * mail_max_userip_connections (a host's connection limit: Dovecot then answers LOGIN `NO [LIMIT] …`).
 */
export async function startDovecot(
  options: { capability?: string; withoutArchive?: boolean; maxUserIpConnections?: number } = {},
): Promise<DovecotStart> {
  const dir = await mkdtemp(join(tmpdir(), 'ledgerdesk-dovecot-'));
  let stdout: string;
  const env = {
    ...process.env,
    DOVECOT_IMAP_CAPABILITY: options.capability ?? '',
    DOVECOT_WITHOUT_ARCHIVE: options.withoutArchive ? '1' : '',
    DOVECOT_MAX_USERIP_CONNECTIONS: String(options.maxUserIpConnections ?? ''),
  };
  try {
    ({ stdout } = await run(join(SCRIPTS, 'start-dovecot.sh'), [dir], { env, timeout: 300_000 }));
  } catch (error) {
    const failure = error as { code?: number; stderr?: string };
    await rm(dir, { recursive: true, force: true });
    if (failure.code === 3) return { server: null, unavailable: (failure.stderr ?? '').trim() };
    throw new Error(`Dovecot did not start: ${failure.stderr ?? String(error)}`);
  }
  const values = Object.fromEntries(
    stdout
      .split('\n')
      .filter((line) => line.includes('='))
      .map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)]),
  );
  const port = (key: string) => Number(values[key]);
  const lmtpPort = port('LMTP_PORT');
  const server: DovecotServer = {
    host: '127.0.0.1',
    imapPort: port('IMAP_PORT'),
    imapsPort: port('IMAPS_PORT'),
    submissionPort: port('SUBMISSION_PORT'),
    lmtpPort,
    ca: await readFile(join(dir, 'tls/ca.crt')),
    dir,
    addUser(email, password) {
      return server.addUsers([{ email, password }]);
    },
    async addUsers(users) {
      const last = users.at(-1);
      if (!last) return;
      await appendFile(join(dir, 'users'), users.map((u) => `${u.email}:{PLAIN}${u.password}\n`).join(''));
      // Dovecot rereads the passdb when it sees the file change, which it may miss within the same second:
      // wait until its auth service accepts the last new login (the file is read whole, so the rest with it).
      for (let attempt = 0; attempt < 50; attempt++) {
        const accepted = await run('doveadm', [
          '-c',
          join(dir, 'dovecot.conf'),
          'auth',
          'test',
          last.email,
          last.password,
        ])
          .then(() => true)
          .catch(() => false);
        if (accepted) return;
        await new Promise((done) => setTimeout(done, 200));
      }
      throw new Error(`Dovecot did not take the new user ${last.email}`);
    },
    async deliver(raw, to, from = 'sender@example.test') {
      const transport = nodemailer.createTransport({
        host: '127.0.0.1',
        port: lmtpPort,
        lmtp: true,
        ignoreTLS: true,
      });
      try {
        await transport.sendMail({ envelope: { from, to: Array.isArray(to) ? to : [to] }, raw });
      } finally {
        transport.close();
      }
    },
    readLog: () => readFile(join(dir, 'log/dovecot.log'), 'utf8').catch(() => ''),
    async halt() {
      await run(join(SCRIPTS, 'stop-dovecot.sh'), [dir]);
    },
    async restart() {
      const ports = [server.imapPort, server.imapsPort, server.submissionPort, lmtpPort].map(String);
      await run(join(SCRIPTS, 'start-dovecot.sh'), [dir, ...ports], { env, timeout: 120_000 });
    },
    async stop() {
      await run(join(SCRIPTS, 'stop-dovecot.sh'), [dir]);
      await rm(dir, { recursive: true, force: true });
    },
  };
  return { server, unavailable: null };
}
