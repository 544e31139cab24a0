import { describe, expect, it } from 'vitest';
import { serverFilesSent } from './imap-send';

describe('serverFilesSent (the Sent copy rule, decision 023)', () => {
  it('Gmail files sent mail itself: by its SMTP host or its IMAP capability', () => {
    expect(serverFilesSent('smtp.gmail.com', null)).toBe(true);
    expect(serverFilesSent('SMTP.GoogleMail.com', null)).toBe(true);
    expect(serverFilesSent('mail.example.com', new Map([['X-GM-EXT-1', true]]))).toBe(true);
  });

  it("Microsoft's SMTP hosts file mail sent as the login itself; a delegated sender's copy is ours (I13)", () => {
    expect(serverFilesSent('smtp.office365.com', null)).toBe(true);
    expect(serverFilesSent('SMTP-MAIL.OUTLOOK.COM', null)).toBe(true);
    expect(serverFilesSent('smtp.office365.com', null, false)).toBe(false);
    expect(serverFilesSent('smtp.office365.com.example.net', null)).toBe(false);
  });

  it('other servers get our copy', () => {
    expect(serverFilesSent('smtp.fastmail.com', null)).toBe(false);
    expect(serverFilesSent('notgmail.com.example.net', new Map([['IMAP4rev1', true]]))).toBe(false);
    expect(serverFilesSent('127.0.0.1', new Map([['MOVE', true]]))).toBe(false);
  });
});
