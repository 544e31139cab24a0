/** How a mail server connection is secured: TLS from the first byte, STARTTLS (required), or plain text. */
export type MailSecurity = 'tls' | 'starttls' | 'none';
export type MailServerSettings = { host: string; port: number; security: MailSecurity };

/** A well-known mail host's IMAP and SMTP servers, and the address domains it serves (decision 023). */
export type ImapPreset = {
  id: string;
  label: string;
  imap: MailServerSettings;
  smtp: MailServerSettings;
  domains: readonly string[];
};

/** Zoho's servers by data centre: personal accounts on `imap.`/`smtp.`, organisations on `imappro.`/`smtppro.`. */
function zoho(id: string, label: string, tld: string, isBusiness: boolean, domains: string[]): ImapPreset {
  const pro = isBusiness ? 'pro' : '';
  return {
    id,
    label,
    imap: { host: `imap${pro}.zoho.${tld}`, port: 993, security: 'tls' },
    smtp: { host: `smtp${pro}.zoho.${tld}`, port: 465, security: 'tls' },
    domains,
  };
}

/**
 * The hosts' published settings, kept here: nothing is looked up over the internet. Fastmail and iCloud always
 * want an app password (made in the host's security settings), Yahoo and AOL in practice; GMX and Zoho take the
 * account password unless two-step sign-in is on, and want IMAP access switched on in their settings first.
 * Gmail and Microsoft are not here: they have their own cards (imap-oauth-card.ts).
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
    domains: [
      'yahoo.com',
      'ymail.com',
      'rocketmail.com',
      'yahoo.co.uk',
      'yahoo.fr',
      'yahoo.de',
      'yahoo.ca',
      'yahoo.com.au',
      'yahoo.es',
      'yahoo.it',
      'yahoo.in',
      'yahoo.com.br',
      'yahoo.ie',
    ],
  },
  {
    id: 'aol',
    label: 'AOL',
    imap: { host: 'imap.aol.com', port: 993, security: 'tls' },
    smtp: { host: 'smtp.aol.com', port: 465, security: 'tls' },
    domains: ['aol.com', 'aim.com'],
  },
  zoho('zoho', 'Zoho (personal, zoho.com)', 'com', false, ['zoho.com', 'zohomail.com']),
  // An organisation's mailboxes use its own domain: picked by hand, never from the address.
  zoho('zoho-pro', 'Zoho (business, zoho.com)', 'com', true, []),
  zoho('zoho-eu', 'Zoho Europe (personal, zoho.eu)', 'eu', false, ['zoho.eu', 'zohomail.eu']),
  zoho('zoho-pro-eu', 'Zoho Europe (business, zoho.eu)', 'eu', true, []),
  zoho('zoho-in', 'Zoho India (personal, zoho.in)', 'in', false, ['zoho.in', 'zohomail.in']),
  zoho('zoho-pro-in', 'Zoho India (business, zoho.in)', 'in', true, []),
  zoho('zoho-au', 'Zoho Australia (personal, zoho.com.au)', 'com.au', false, ['zohomail.com.au']),
  zoho('zoho-pro-au', 'Zoho Australia (business, zoho.com.au)', 'com.au', true, []),
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
