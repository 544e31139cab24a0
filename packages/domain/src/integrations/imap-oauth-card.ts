/**
 * Mailboxes the IMAP card must not take (decision 032). Gmail's IMAP shows labels as folders and All Mail holds
 * Inbox and Sent, so the same mail would arrive two or three times; Exchange Online and Outlook.com no longer
 * accept passwords over IMAP at all (OAuth only), so no app password can work. Both have their own card.
 */
export type OAuthCard = 'gmail' | 'office365';

const GMAIL_DOMAINS = new Set(['gmail.com', 'googlemail.com']);
const GMAIL_HOSTS = /(^|\.)(gmail\.com|googlemail\.com|google\.com)$/;
const MICROSOFT_DOMAINS = new Set([
  'outlook.com',
  'hotmail.com',
  'live.com',
  'msn.com',
  'passport.com',
  'outlook.fr',
  'outlook.de',
  'hotmail.co.uk',
  'hotmail.fr',
  'hotmail.de',
  'live.co.uk',
  'live.fr',
]);
const MICROSOFT_HOSTS = /(^|\.)(office365\.com|outlook\.com|hotmail\.com|live\.com)$/;

/** Which OAuth card a mailbox belongs to by its address or its servers' names; null for any other host. */
export function oauthCardFor(input: { email: string; imapHost: string; smtpHost: string }): OAuthCard | null {
  const domain = input.email
    .slice(input.email.lastIndexOf('@') + 1)
    .trim()
    .toLowerCase();
  const hosts = [input.imapHost, input.smtpHost].map((host) => host.trim().toLowerCase().replace(/\.$/, ''));
  if (GMAIL_DOMAINS.has(domain) || hosts.some((host) => GMAIL_HOSTS.test(host))) return 'gmail';
  if (MICROSOFT_DOMAINS.has(domain) || hosts.some((host) => MICROSOFT_HOSTS.test(host))) return 'office365';
  return null;
}

/** Why the IMAP card sends this mailbox to another card, in words (Test connection and Connect). */
export const OAUTH_CARD_WORDS: Record<OAuthCard, string> = {
  gmail:
    'Gmail mailboxes (Google Workspace included) connect with the Gmail card, not over IMAP: over IMAP Gmail shows every message in All Mail as well as in Inbox and Sent, so each would arrive twice.',
  office365:
    'Microsoft 365 and Outlook.com mailboxes connect with the Office 365 card: Microsoft no longer accepts passwords or app passwords over IMAP, only a Microsoft sign-in.',
};
