import nodemailer from 'nodemailer';
import type { ImapAccount } from '../../core/imap-account';
import { smtpTransportOptions } from '../../providers/imap/imap-smtp';
import { connectionWords, type StepFailure, stepFailure } from './step-failure';

const TIMEOUT_MS = 10_000;

/** Connects to the SMTP server at the checked address and logs in (nodemailer's verify); a failure in words. */
export async function checkSmtp(account: ImapAccount, address: string): Promise<{ ok: true } | StepFailure> {
  const { host, port } = account.smtp;
  const transport = nodemailer.createTransport(
    smtpTransportOptions(account, address, {
      connectionTimeout: TIMEOUT_MS,
      greetingTimeout: TIMEOUT_MS,
      socketTimeout: TIMEOUT_MS,
    }),
  );
  try {
    await transport.verify();
    return { ok: true };
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'EAUTH')
      return stepFailure(
        'smtp',
        'SMTP_LOGIN_REFUSED',
        `The SMTP server ${host} refused the user name or password for sending.`,
      );
    return stepFailure('smtp', 'SMTP_REFUSED', connectionWords('SMTP', `${host}:${port}`, error));
  } finally {
    transport.close();
  }
}
