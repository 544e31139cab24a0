import { describe, expect, it } from 'vitest';
import { foldersFoundLine } from '../api/imap-connect';
import { oauthCardFor } from './imap-oauth-card';
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

  it("Zoho's business accounts and other data centres have their own servers", () => {
    expect(IMAP_PRESETS.find((preset) => preset.id === 'zoho-pro')?.imap.host).toBe('imappro.zoho.com');
    expect(IMAP_PRESETS.find((preset) => preset.id === 'zoho-pro')?.smtp.host).toBe('smtppro.zoho.com');
    expect(IMAP_PRESETS.find((preset) => preset.id === 'zoho-pro-eu')?.imap.host).toBe('imappro.zoho.eu');
    expect(presetForAddress('alex@zohomail.eu')?.imap.host).toBe('imap.zoho.eu');
    expect(presetForAddress('alex@zohomail.in')?.smtp.host).toBe('smtp.zoho.in');
    expect(IMAP_PRESETS.find((preset) => preset.id === 'zoho-au')?.imap.host).toBe('imap.zoho.com.au');
    expect(presetForAddress('alex@yahoo.ca')?.id).toBe('yahoo');
    expect(presetForAddress('alex@aol.com')?.imap.host).toBe('imap.aol.com');
  });

  it('sends Gmail and Microsoft mailboxes to their own cards, by address or by server name', () => {
    const card = (email: string, imapHost = 'mail.firm.example', smtpHost = 'mail.firm.example') =>
      oauthCardFor({ email, imapHost, smtpHost });
    expect(card('alex@gmail.com')).toBe('gmail');
    expect(card('alex@GoogleMail.com')).toBe('gmail');
    expect(card('alex@firm.example', 'imap.gmail.com')).toBe('gmail');
    expect(card('alex@firm.example', 'mail.firm.example', 'smtp.gmail.com')).toBe('gmail');
    expect(card('alex@outlook.com')).toBe('office365');
    expect(card('alex@hotmail.co.uk')).toBe('office365');
    expect(card('alex@firm.example', 'outlook.office365.com')).toBe('office365');
    expect(card('alex@firm.example', 'imap-mail.outlook.com')).toBe('office365');
    expect(card('alex@firm.example', 'mail.firm.example', 'smtp.office365.com')).toBe('office365');
    expect(card('alex@fastmail.com', 'imap.fastmail.com', 'smtp.fastmail.com')).toBeNull();
    expect(presetForAddress('alex@gmail.com')).toBeNull();
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
