import type { EmailIntegrationDto, IntegrationListResponse } from '@ledgerdesk/domain/api/integrations';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { triageKeys } from './triage-keys';

/** The user's connected mailboxes (public fields only). */
export async function getIntegrations(): Promise<EmailIntegrationDto[]> {
  const { integrations } = await api<IntegrationListResponse>('/api/integrations');
  return integrations;
}

export function integrationsQueryOptions() {
  return queryOptions({ queryKey: triageKeys.integrations(), queryFn: getIntegrations, staleTime: 60_000 });
}

/** Mailboxes for the compose "From" and the connection checks of sending. */
export function useIntegrations() {
  return useQuery(integrationsQueryOptions());
}
