/** How a mail server connection is secured: TLS from the first byte, STARTTLS (required), or plain text. */
export type MailSecurity = 'tls' | 'starttls' | 'none';
export type MailServerSettings = { host: string; port: number; security: MailSecurity };

/** A well-known mail host's IMAP and SMTP servers, and the address domains it serves (issue 30). */
export type ImapPreset = {
  id: string;
  label: string;
  imap: MailServerSettings;
  smtp: MailServerSettings;
  domains: readonly string[];
};

/**
 * The hosts' published settings, kept here: nothing is looked up over the internet. Every one of them asks for an
 * app password (made in the host's security settings) rather than the account password.
 */
export const IMAP_PRESETS: readonly ImapPreset[] = [
  {
    id: 'fastmail',
    label: 'Fastmail',
    imap: { host: 'imap.fastmail.com', port: 993, security: 'tls' },
    smtp: { host: 'smtp.fastmail.com', port: 465, security: 'tls' },
    domains: ['fastmail.com', 'fastmail.fm', 'fastmail.net', 'fastmail.org', 'fastmail.to', 'fastmail.us'],
  },
  {
    id: 'icloud',
    label: 'iCloud',
    imap: { host: 'imap.mail.me.com', port: 993, security: 'tls' },
    smtp: { host: 'smtp.mail.me.com', port: 587, security: 'starttls' },
    domains: ['icloud.com', 'me.com', 'mac.com'],
  },
  {
    id: 'yahoo',
    label: 'Yahoo',
    imap: { host: 'imap.mail.yahoo.com', port: 993, security: 'tls' },
    smtp: { host: 'smtp.mail.yahoo.com', port: 465, security: 'tls' },
    domains: ['yahoo.com', 'ymail.com', 'rocketmail.com', 'yahoo.co.uk', 'yahoo.fr', 'yahoo.de'],
  },
  {
    id: 'zoho',
    label: 'Zoho',
    imap: { host: 'imap.zoho.com', port: 993, security: 'tls' },
    smtp: { host: 'smtp.zoho.com', port: 465, security: 'tls' },
    domains: ['zoho.com', 'zohomail.com'],
  },
  {
    id: 'gmx',
    label: 'GMX',
    imap: { host: 'imap.gmx.com', port: 993, security: 'tls' },
    smtp: { host: 'mail.gmx.com', port: 587, security: 'starttls' },
    domains: ['gmx.com', 'gmx.us', 'gmx.co.uk'],
  },
  {
    id: 'gmx-de',
    label: 'GMX (Germany, Austria, Switzerland)',
    imap: { host: 'imap.gmx.net', port: 993, security: 'tls' },
    smtp: { host: 'mail.gmx.net', port: 587, security: 'starttls' },
    domains: ['gmx.net', 'gmx.de', 'gmx.at', 'gmx.ch'],
  },
];

/** The preset whose domains include the address's domain (any case); null for any other address. */
export function presetForAddress(address: string): ImapPreset | null {
  const at = address.lastIndexOf('@');
  if (at < 0) return null;
  const domain = address
    .slice(at + 1)
    .trim()
    .toLowerCase();
  return IMAP_PRESETS.find((preset) => preset.domains.includes(domain)) ?? null;
}

/** The preset of this id, or null. */
export function presetById(id: string): ImapPreset | null {
  return IMAP_PRESETS.find((preset) => preset.id === id) ?? null;
}
