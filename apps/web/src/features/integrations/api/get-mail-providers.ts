import type { MailProviderOffer, MailProvidersResponse } from '@ledgerdesk/domain/api/integrations';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { integrationKeys } from './integration-keys';

/** Which providers this deployment can connect, and which of them are the local mail sandbox. */
export async function getMailProviders(): Promise<MailProviderOffer[]> {
  const { providers } = await api<MailProvidersResponse>('/api/integrations/providers');
  return providers;
}

export function mailProvidersQueryOptions() {
  // The deployment's configuration does not change while the page is open.
  return queryOptions({
    queryKey: integrationKeys.providers(),
    queryFn: getMailProviders,
    staleTime: Infinity,
  });
}

export function useMailProviders(enabled = true) {
  return useQuery({ ...mailProvidersQueryOptions(), enabled });
}
