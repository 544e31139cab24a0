import type { MailProviderOffer } from '@ledgerdesk/domain/api/integrations';
import type { Provider } from '@ledgerdesk/domain/entities';
import { MailError } from '../core/errors';
import type { MailDeps } from '../core/mail-deps';
import type { MailProvider, OAuthConnector } from '../core/provider';
import { withStorableText } from '../core/storable-text';
import { createGmailProvider } from './gmail/gmail-provider';
import { createImapProvider } from './imap/imap-provider';
import { createMicrosoftProvider } from './microsoft/microsoft-provider';

/** The adapter for a provider, configured for these deps; fails when the provider is not configured. */
export function providerFor(deps: MailDeps, name: Provider): MailProvider {
  const cache = deps.providers;
  const cached = cache[name];
  if (cached) return cached;
  const config = deps.mailConfig;
  const provider =
    name === 'imap'
      ? createImapProvider()
      : name === 'office365'
        ? config.microsoft && createMicrosoftProvider(config.microsoft)
        : config.google && createGmailProvider(config.google);
  if (!provider) {
    throw new MailError(
      'provider_not_configured',
      `${name === 'office365' ? 'Office 365' : 'Gmail'} is not configured on this server.`,
    );
  }
  const storableProvider = withStorableText(provider);
  cache[name] = storableProvider;
  return storableProvider;
}

/** The provider's consent-page sign-in; IMAP mailboxes, which sign in with a password, are refused. */
export function oauthOf(provider: MailProvider): OAuthConnector {
  if (provider.oauth) return provider.oauth;
  throw new MailError('invalid_state', 'IMAP mailboxes sign in with a password, not through a consent page.');
}

/** Whether integrations of this provider live in the local mail sandbox. */
export function isSandboxProvider(deps: MailDeps, name: Provider): boolean {
  const config = deps.mailConfig;
  if (name === 'imap') return false;
  return (name === 'office365' ? config.microsoft?.isSandbox : config.google?.isSandbox) ?? false;
}

/** Each provider as this deployment offers it (the first-run screen's connect choices). */
export function mailProviderOffers(deps: MailDeps): MailProviderOffer[] {
  const config = deps.mailConfig;
  return [
    {
      provider: 'office365',
      isConfigured: config.microsoft != null,
      isSandbox: config.microsoft?.isSandbox ?? false,
    },
    { provider: 'gmail', isConfigured: config.google != null, isSandbox: config.google?.isSandbox ?? false },
  ];
}
