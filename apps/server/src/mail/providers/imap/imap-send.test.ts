import { describe, expect, it } from 'vitest';
import { serverFilesSent } from './imap-send';

describe('serverFilesSent (the Sent copy rule, decision 023)', () => {
  it('Gmail files sent mail itself: by its SMTP host or its IMAP capability', () => {
    expect(serverFilesSent('smtp.gmail.com', null)).toBe(true);
    expect(serverFilesSent('SMTP.GoogleMail.com', null)).toBe(true);
    expect(serverFilesSent('mail.example.com', new Map([['X-GM-EXT-1', true]]))).toBe(true);
  });

  it('other servers get our copy', () => {
    expect(serverFilesSent('smtp.fastmail.com', null)).toBe(false);
    expect(serverFilesSent('notgmail.com.example.net', new Map([['IMAP4rev1', true]]))).toBe(false);
    expect(serverFilesSent('127.0.0.1', new Map([['MOVE', true]]))).toBe(false);
  });
});
