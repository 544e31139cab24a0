import { describe, expect, it } from 'vitest';
import { automationReason, NO_AUTOMATION_SIGNALS, senderAddressKey } from './automated-mail';

const signals = (extra: Partial<typeof NO_AUTOMATION_SIGNALS>) => ({ ...NO_AUTOMATION_SIGNALS, ...extra });

describe('automated mail', () => {
  it('reads list headers, Auto-Submitted and Precedence', () => {
    expect(automationReason(signals({ listUnsubscribe: '<https://news.test/u?x=1>' }), 'a@b.test')).toBe(
      'list-unsubscribe',
    );
    expect(automationReason(signals({ listId: 'Updates <updates.acme.test>' }), 'a@b.test')).toBe('list-id');
    expect(automationReason(signals({ autoSubmitted: 'auto-generated' }), 'a@b.test')).toBe('auto-submitted');
    expect(automationReason(signals({ autoSubmitted: 'auto-replied; owner-email="x"' }), null)).toBe(
      'auto-submitted',
    );
    expect(automationReason(signals({ autoSubmitted: ' No ' }), 'Priya <priya@client.test>')).toBeNull();
    expect(automationReason(signals({ precedence: 'Bulk' }), 'a@b.test')).toBe('precedence');
    expect(automationReason(signals({ precedence: 'first-class' }), 'a@b.test')).toBeNull();
  });

  it('knows no-reply senders and leaves people alone', () => {
    for (const from of [
      'noreply@hmrc.test',
      'Xero <no-reply@xero.test>',
      'do_not_reply@bank.test',
      'DoNotReply@bank.test',
      'MAILER-DAEMON@mx.test',
      'notifications+abc@github.test',
      'bounces-123@list.test',
    ])
      expect(automationReason(NO_AUTOMATION_SIGNALS, from), from).toBe('no-reply sender');
    for (const from of [
      'Priya Natarajan <priya@northgate.test>',
      'replyguy@x.test',
      'noreplies-team-lead@x.test',
      null,
    ])
      expect(automationReason(NO_AUTOMATION_SIGNALS, from)).toBeNull();
  });

  it('survives garbage: empty, huge and odd header values', () => {
    expect(automationReason(signals({ listUnsubscribe: '   ' }), 'a@b.test')).toBeNull();
    expect(automationReason(signals({ precedence: `${'x'.repeat(100_000)}bulk` }), 'a@b.test')).toBeNull();
    expect(automationReason(signals({ autoSubmitted: '\u0000\uFFFD' }), 'a@b.test')).toBe('auto-submitted');
    expect(automationReason(signals({}), '<<>>@@')).toBeNull();
  });

  it('keys a sender by their bare address', () => {
    expect(senderAddressKey('Acme News <News@Acme.test>')).toBe('news@acme.test');
    expect(senderAddressKey(' plain@x.test ')).toBe('plain@x.test');
    // The same answer as the pattern it replaced, on random strings of the characters that matter.
    const pattern = (text: string) => (/<([^<>]*)>\s*$/.exec(text)?.[1] ?? text).trim().toLowerCase();
    let seed = 11;
    const random = (n: number) => {
      seed = (seed * 16807) % 2147483647;
      return seed % n;
    };
    const characters = ['<', '>', ' ', '\n', '\u00a0', 'a', 'B', '@', '.'];
    for (let round = 0; round < 5000; round++) {
      const text = Array.from({ length: random(12) }, () => characters[random(characters.length)]).join('');
      expect(senderAddressKey(text)).toBe(pattern(text));
    }
  });
});
