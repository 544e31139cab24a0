import { describe, expect, it } from 'vitest';
import { toSmtpError } from './imap-smtp';

/** nodemailer's failures carry these fields (code, responseCode, response, rejected). */
const smtpFailure = (fields: Record<string, unknown>) => Object.assign(new Error('smtp failure'), fields);

describe('toSmtpError', () => {
  it('names refused recipients and quotes the server, in words', () => {
    const error = toSmtpError(
      smtpFailure({
        code: 'EENVELOPE',
        responseCode: 550,
        response: '550 5.1.1 <nobody@example.test>: Recipient address rejected',
        rejected: ['nobody@example.test'],
      }),
      'smtp.example.test',
    );
    expect(error).toMatchObject({ kind: 'bad_request' });
    expect(error.message).toBe(
      'The SMTP server smtp.example.test refused the recipient nobody@example.test (550 5.1.1 <nobody@example.test>: Recipient address rejected).',
    );
  });

  it('a temporary refusal may be retried; a refused login is unauthorized', () => {
    expect(
      toSmtpError(smtpFailure({ code: 'EENVELOPE', responseCode: 451, response: '451 try later' }), 'h'),
    ).toMatchObject({ kind: 'unavailable' });
    expect(toSmtpError(smtpFailure({ code: 'EAUTH', responseCode: 535 }), 'h')).toMatchObject({
      kind: 'unauthorized',
      message: 'The SMTP server h refused the user name or password.',
    });
    expect(toSmtpError(smtpFailure({ code: 'ECONNECTION' }), 'h')).toMatchObject({ kind: 'unavailable' });
  });

  it('a 4xx answer to AUTH is "try later", not "access expired" (Gmail: 454 4.7.0 Too many login attempts)', () => {
    const error = toSmtpError(
      smtpFailure({
        code: 'EAUTH',
        responseCode: 454,
        response: '454 4.7.0 Too many login attempts, please try again later.',
      }),
      'smtp.gmail.com',
    );
    expect(error).toMatchObject({
      kind: 'unavailable',
      message:
        'The SMTP server smtp.gmail.com asked to try later (454 4.7.0 Too many login attempts, please try again later.).',
    });
  });

  it('a certificate refused on the socket names the certificate, not "could not be reached"', () => {
    const error = toSmtpError(
      Object.assign(
        new Error(
          "Hostname/IP does not match certificate's altnames: Host: mail.firm.example. is not in the cert's altnames: DNS:server1.host.example",
        ),
        { code: 'ESOCKET' },
      ),
      'mail.firm.example',
    );
    expect(error.kind).not.toBe('unavailable');
    expect(error.message).toMatch(
      /^The SMTP server mail\.firm\.example did not present a trusted certificate for its name/,
    );
  });
});
