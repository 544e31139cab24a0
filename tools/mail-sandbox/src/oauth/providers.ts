import { DEFAULT_GMAIL_MAILBOX, DEFAULT_OFFICE365_MAILBOX } from '../defaults';
import type { Provider } from '../store/types';

export type OAuthProviderInfo = {
  provider: Provider;
  label: string;
  defaultMailbox: string;
};

export const PROVIDERS: Record<Provider, OAuthProviderInfo> = {
  office365: {
    provider: 'office365',
    label: 'Office 365 (sandbox)',
    defaultMailbox: DEFAULT_OFFICE365_MAILBOX,
  },
  gmail: { provider: 'gmail', label: 'Gmail (sandbox)', defaultMailbox: DEFAULT_GMAIL_MAILBOX },
};

const GRAPH_RESOURCE = 'https://graph.microsoft.com/';
const GOOGLE_SCOPE_BASE = 'https://www.googleapis.com/auth/';

const DESCRIPTIONS: Record<string, string> = {
  offline_access: 'Maintain access to data you have given it access to',
  openid: 'Sign you in',
  profile: 'View your basic profile',
  email: 'View your email address',
  'User.Read': 'Sign you in and read your profile',
  'Mail.Read': 'Read your mail',
  'Mail.ReadBasic': 'Read basic mail properties',
  'Mail.ReadWrite': 'Read and write access to your mail',
  'Mail.Send': 'Send mail as you',
  'gmail.readonly': 'View your email messages and settings',
  'gmail.modify': 'Read, compose and send emails, and move them between labels',
  'gmail.send': 'Send email on your behalf',
  'gmail.compose': 'Manage drafts and send emails',
  'gmail.metadata': 'View your email message metadata such as labels and headers',
  'https://mail.google.com/': 'Read, compose, send and permanently delete all your email',
};

/** `https://graph.microsoft.com/Mail.Read` → `Mail.Read`; Google scopes stay full URLs. */
export function normalizeScope(provider: Provider, scope: string): string {
  if (provider === 'office365' && scope.toLowerCase().startsWith(GRAPH_RESOURCE)) {
    return scope.slice(GRAPH_RESOURCE.length);
  }
  return scope;
}

export function describeScope(scope: string): string {
  const short = scope.startsWith(GOOGLE_SCOPE_BASE) ? scope.slice(GOOGLE_SCOPE_BASE.length) : scope;
  return DESCRIPTIONS[short] ?? DESCRIPTIONS[scope] ?? scope;
}

/** Case-insensitive scope check (Microsoft scope names are case-insensitive; Google's are exact URLs). */
export function hasAnyScope(granted: readonly string[], wanted: readonly string[]): boolean {
  const lower = new Set(granted.map((scope) => scope.toLowerCase()));
  return wanted.some((scope) => lower.has(scope.toLowerCase()));
}
