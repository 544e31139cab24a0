import {
  IMAP_API,
  type ImapConnectBody,
  type ImapConnectResponse,
  type ImapTestResponse,
} from '@ledgerdesk/domain/api/imap-connect';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { integrationKeys, TRIAGE_QUERY_KEY } from './integration-keys';

/** Test connection: each step in order; a failed step comes back as an ApiError whose details name the step. */
export function testImapConnection(body: ImapConnectBody) {
  return api<ImapTestResponse>(IMAP_API.test, { method: 'POST', body, timeoutMs: 90_000 });
}

/** Connect: the same test, then the mailbox is stored (the same address again updates it). */
export function connectImap(body: ImapConnectBody) {
  return api<ImapConnectResponse>(IMAP_API.connect, { method: 'POST', body, timeoutMs: 90_000 });
}

/** Update password of an IMAP mailbox whose server refused the stored one (tested before it is saved). */
export function updateImapPassword(input: { integrationId: string; password: string }) {
  return api<ImapConnectResponse>(IMAP_API.password(input.integrationId), {
    method: 'POST',
    body: { password: input.password },
    timeoutMs: 90_000,
  });
}

export function useTestImapConnection() {
  return useMutation({ mutationFn: testImapConnection });
}

function useRefreshingMutation<I>(mutationFn: (input: I) => Promise<ImapConnectResponse>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: integrationKeys.all }),
        queryClient.invalidateQueries({ queryKey: TRIAGE_QUERY_KEY }),
      ]);
    },
  });
}

export function useConnectImap() {
  return useRefreshingMutation(connectImap);
}

export function useUpdateImapPassword() {
  return useRefreshingMutation(updateImapPassword);
}
