import type { EmailIntegrationDto, IntegrationListResponse } from '@ledgerdesk/domain/api/integrations';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from './api-client';

/**
 * The user's connected mailboxes, shared by the integrations feature (settings page, triage header controls)
 * and the triage feature (compose "From", first run): one cache entry, one stale time, one request.
 */
export const INTEGRATIONS_LIST_KEY = ['integrations', 'list'] as const;

/** The user's connected mailboxes, newest first (public fields only). */
export async function getIntegrations(): Promise<EmailIntegrationDto[]> {
  const { integrations } = await api<IntegrationListResponse>('/api/integrations');
  return integrations;
}

export function integrationsQueryOptions() {
  return queryOptions({ queryKey: INTEGRATIONS_LIST_KEY, queryFn: getIntegrations, staleTime: 30_000 });
}

/** The user's email integrations; `enabled` lets signed-out screens skip the call. */
export function useIntegrations(enabled = true) {
  return useQuery({ ...integrationsQueryOptions(), enabled });
}
