import type { Provider } from '@ledgerdesk/domain/entities';
import type { FastifyInstance } from 'fastify';
import { mailConfig } from './config';
import { MailError } from './errors';
import { createGmailProvider } from './gmail/gmail-provider';
import { createMicrosoftProvider } from './microsoft/microsoft-provider';
import type { MailProvider } from './provider';

const providers = new WeakMap<FastifyInstance, Partial<Record<Provider, MailProvider>>>();

/** The adapter for a provider, configured for this app; fails when the provider is not configured. */
export function providerFor(app: FastifyInstance, name: Provider): MailProvider {
  let cache = providers.get(app);
  if (!cache) {
    cache = {};
    providers.set(app, cache);
  }
  const cached = cache[name];
  if (cached) return cached;
  const config = mailConfig(app);
  const provider =
    name === 'office365'
      ? config.microsoft && createMicrosoftProvider(config.microsoft)
      : config.google && createGmailProvider(config.google);
  if (!provider) {
    throw new MailError(
      'provider_not_configured',
      `${name === 'office365' ? 'Office 365' : 'Gmail'} is not configured on this server.`,
    );
  }
  cache[name] = provider;
  return provider;
}

/** Whether integrations of this provider live in the local mail sandbox. */
export function isSandboxProvider(app: FastifyInstance, name: Provider): boolean {
  const config = mailConfig(app);
  return (name === 'office365' ? config.microsoft?.isSandbox : config.google?.isSandbox) ?? false;
}
