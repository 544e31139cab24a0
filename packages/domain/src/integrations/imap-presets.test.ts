import { describe, expect, it } from 'vitest';
import { foldersFoundLine } from '../api/imap-connect';
import { IMAP_PRESETS, presetForAddress } from './imap-presets';

describe('IMAP presets', () => {
  it('finds the host of an address by its domain, in any case, and nothing for other domains', () => {
    expect(presetForAddress('alex@iCloud.com')?.id).toBe('icloud');
    expect(presetForAddress('alex@me.com')?.imap).toEqual({
      host: 'imap.mail.me.com',
      port: 993,
      security: 'tls',
    });
    expect(presetForAddress('alex@mac.com')?.smtp).toEqual({
      host: 'smtp.mail.me.com',
      port: 587,
      security: 'starttls',
    });
    expect(presetForAddress('alex@gmx.de')?.id).toBe('gmx-de');
    expect(presetForAddress('alex@firm.example')).toBeNull();
    expect(presetForAddress('not an address')).toBeNull();
  });

  it('gives every domain to one host only', () => {
    const domains = IMAP_PRESETS.flatMap((preset) => preset.domains);
    expect(new Set(domains).size).toBe(domains.length);
  });

  it('says which folders a test found, and which it did not', () => {
    expect(foldersFoundLine({ inbox: 'INBOX', sent: 'Sent', archive: 'Archive' })).toBe(
      'Connected. Inbox, Sent (Sent) and Archive (Archive) found.',
    );
    expect(foldersFoundLine({ inbox: 'INBOX', sent: null, archive: null })).toBe(
      'Connected. Inbox found; no Sent or Archive folder.',
    );
  });
});
