import { describe, expect, it } from 'vitest';
import { idleCycleMs } from './idle-connection';

describe('idleCycleMs', () => {
  it('breaks IDLE sooner on the hosts that end it sooner (imap-fidelity I14), every 4 minutes elsewhere', () => {
    expect(idleCycleMs('imap.mail.yahoo.com')).toBe(180_000);
    expect(idleCycleMs('IMAP.RAMBLER.RU')).toBe(55_000);
    expect(idleCycleMs('imap.163.com')).toBe(55_000);
    expect(idleCycleMs('imap.fastmail.com')).toBe(240_000);
    expect(idleCycleMs('yahoo.com.evil.test')).toBe(240_000);
    expect(idleCycleMs('notyahoo.com')).toBe(240_000);
  });
});
