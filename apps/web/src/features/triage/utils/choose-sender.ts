import type { EmailIntegrationDto } from '@ledgerdesk/domain/api/integrations';

/**
 * The mailbox a mail goes out from: the one a reply's original arrived in, else an active Office 365 mailbox
 * (spec §5), else an active Gmail mailbox (a deviation: issue 3 asks send and reply for both providers), else
 * an inactive one, so the inactive-account message can be shown.
 */
export function chooseSender(
  integrations: readonly EmailIntegrationDto[],
  preferredId: string | null,
): EmailIntegrationDto | null {
  const preferred = preferredId
    ? integrations.find((integration) => integration.id === preferredId)
    : undefined;
  if (preferred) return preferred;
  const rank = (integration: EmailIntegrationDto) =>
    (integration.isActive ? 0 : 2) + (integration.provider === 'office365' ? 0 : 1);
  return [...integrations].sort((a, b) => rank(a) - rank(b))[0] ?? null;
}
