import { describe, expect, it } from 'vitest';
import { addressOf, replyAllRecipients, replySubject } from './reply';

describe('replySubject', () => {
  it('prefixes "Re: "', () => {
    expect(replySubject('Year-end accounts')).toBe('Re: Year-end accounts');
  });

  it('keeps an existing prefix in any case', () => {
    expect(replySubject('Re: Year-end')).toBe('Re: Year-end');
    expect(replySubject('RE: Year-end')).toBe('RE: Year-end');
    expect(replySubject('re:Year-end')).toBe('re:Year-end');
  });

  it('does not mistake a word starting with "re" for the prefix', () => {
    expect(replySubject('Reminder: VAT')).toBe('Re: Reminder: VAT');
  });
});

describe('addressOf', () => {
  it('reads the address of "Name <address>", a bare address, or a pair', () => {
    expect(addressOf('Alice Doe <alice@x.com>')).toBe('alice@x.com');
    expect(addressOf(' bob@y.com ')).toBe('bob@y.com');
    expect(addressOf({ name: 'Carol', address: 'carol@z.com' })).toBe('carol@z.com');
  });
});

describe('replyAllRecipients', () => {
  it('sends to the sender and copies the other participants', () => {
    expect(
      replyAllRecipients({
        participants: ['Alice <alice@x.com>', 'bob@y.com', 'me@firm.com', 'carol@z.com'],
        sender: 'Alice <alice@x.com>',
        ownMailbox: 'me@firm.com',
      }),
    ).toEqual({ to: ['alice@x.com'], cc: ['bob@y.com', 'carol@z.com'] });
  });

  it('leaves out the sender and own mailbox regardless of case, and de-duplicates', () => {
    expect(
      replyAllRecipients({
        participants: ['ALICE@x.com', 'Me@Firm.com', 'bob@y.com', 'Bob <BOB@Y.COM>'],
        sender: 'alice@x.com',
        ownMailbox: 'me@firm.com',
      }).cc,
    ).toEqual(['bob@y.com']);
  });

  it('accepts name/address participants and no known own mailbox', () => {
    expect(
      replyAllRecipients({
        participants: [{ name: 'Dee', address: 'dee@q.com' }],
        sender: { name: 'Eve', address: 'eve@q.com' },
        ownMailbox: null,
      }),
    ).toEqual({ to: ['eve@q.com'], cc: ['dee@q.com'] });
  });
});
