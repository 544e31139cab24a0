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
});
