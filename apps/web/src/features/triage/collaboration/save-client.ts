import { CLIENTS_API, type ClientSaved } from '@ledgerdesk/domain/api/clients-endpoints';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { triageKeys } from '../triage-keys';
import type { SaveClientInput } from './collaboration-types';

/** Names a thread's client (an organisation for an address, or for its whole domain). */
export function saveClient(body: SaveClientInput): Promise<ClientSaved> {
  return api<ClientSaved>(CLIENTS_API.clients, { method: 'POST', body });
}

/** Saves a client; every open thread's items and activity refetch (the client may show on many). */
export function useSaveClient() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveClient,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: triageKeys.threads() }),
  });
}
