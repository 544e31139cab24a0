/**
 * Mail domains shared by the public (free mail providers): a sender at one of them says nothing about their
 * organisation, so a domain here never resolves a client (decision 012, decision 015).
 */
export const PUBLIC_MAIL_DOMAINS: ReadonlySet<string> = new Set([
  'gmail.com',
  'googlemail.com',
  'outlook.com',
  'hotmail.com',
  'hotmail.co.uk',
  'live.com',
  'live.co.uk',
  'msn.com',
  'yahoo.com',
  'yahoo.co.uk',
  'ymail.com',
  'icloud.com',
  'me.com',
  'mac.com',
  'aol.com',
  'proton.me',
  'protonmail.com',
  'gmx.com',
  'gmx.de',
  'mail.com',
  'zoho.com',
  'yandex.com',
  'btinternet.com',
  'sky.com',
  'virginmedia.com',
]);

/** The lower-cased domain of a bare address, or '' when it has none. */
export function domainOf(address: string): string {
  const at = address.lastIndexOf('@');
  return at < 0
    ? ''
    : address
        .slice(at + 1)
        .trim()
        .toLowerCase();
}

/** Whether an address's domain may name an organisation. */
export function isOrganisationDomain(domain: string): boolean {
  return domain.includes('.') && !PUBLIC_MAIL_DOMAINS.has(domain.toLowerCase());
}

/** "Northgate Dental" from "northgate-dental.co.uk": a first guess at an organisation's name. */
export function organisationNameGuess(domain: string): string {
  const label = domain.toLowerCase().split('.')[0] ?? '';
  return label
    .split(/[-_]+/)
    .filter(Boolean)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(' ');
}
