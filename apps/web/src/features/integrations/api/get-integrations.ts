import type { EmailIntegrationDto, IntegrationListResponse } from '@ledgerdesk/domain/api/integrations';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { integrationKeys } from './integration-keys';

/** The user's connected mailboxes, newest first (public fields only). */
export async function getIntegrations(): Promise<EmailIntegrationDto[]> {
  const { integrations } = await api<IntegrationListResponse>('/api/integrations');
  return integrations;
}

export function integrationsQueryOptions() {
  return queryOptions({ queryKey: integrationKeys.list(), queryFn: getIntegrations, staleTime: 30_000 });
}

/** The user's email integrations; `enabled` lets signed-out screens skip the call. */
export function useIntegrations(enabled = true) {
  return useQuery({ ...integrationsQueryOptions(), enabled });
}
