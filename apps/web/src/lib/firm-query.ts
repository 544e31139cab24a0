import {
  FIRM_API,
  type FirmResponse,
  type FirmRole,
  type InvitationCreated,
  type InvitationPreview,
} from '@ledgerdesk/domain/api/firms-endpoints';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from './api-client';

/**
 * The user's firm (members, shared mailboxes, pending invitations), shared by the sidebar (shared mailboxes
 * under Triage), Email Integration ("Share with {firm}") and the Firm screen: one cache entry. The realtime
 * stream's `firm` event invalidates it (use-triage-events), so removal takes shared views away at once.
 */
export const FIRM_QUERY_KEY = ['firm'] as const;

export function firmQueryOptions() {
  return queryOptions({
    queryKey: FIRM_QUERY_KEY,
    queryFn: () => api<FirmResponse>(FIRM_API.firm),
    staleTime: 30_000,
  });
}

export function useFirm(enabled = true) {
  return useQuery({ ...firmQueryOptions(), enabled });
}

/** A firm mutation that answers the firm (or nothing) and refreshes every view of it. */
function useFirmMutation<TInput>(call: (input: TInput) => Promise<FirmResponse | undefined>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: (response) => {
      if (response) queryClient.setQueryData(FIRM_QUERY_KEY, response);
      void queryClient.invalidateQueries({ queryKey: FIRM_QUERY_KEY });
      void queryClient.invalidateQueries({ queryKey: ['triage'] });
    },
  });
}

export const useCreateFirm = () =>
  useFirmMutation((name: string) => api<FirmResponse>(FIRM_API.firm, { method: 'POST', body: { name } }));
export const useRenameFirm = () =>
  useFirmMutation((name: string) => api<FirmResponse>(FIRM_API.firm, { method: 'PATCH', body: { name } }));
export const useLeaveFirm = () =>
  useFirmMutation(async () => {
    await api<void>(FIRM_API.leave, { method: 'POST' });
    return { firm: null };
  });
export const useSetMemberRole = () =>
  useFirmMutation(({ userId, role }: { userId: string; role: FirmRole }) =>
    api<FirmResponse>(FIRM_API.member(userId), { method: 'PATCH', body: { role } }),
  );
export const useRemoveMember = () =>
  useFirmMutation(async (userId: string) => {
    await api<void>(FIRM_API.member(userId), { method: 'DELETE' });
    return undefined;
  });
export const useRevokeInvitation = () =>
  useFirmMutation(async (id: string) => {
    await api<void>(FIRM_API.invitation(id), { method: 'DELETE' });
    return undefined;
  });
/** What an invitation link is (its firm, the address it is for) before accepting; the token stays in the body. */
export function useInvitationPreview(token: string) {
  return useQuery({
    queryKey: ['firm-invitation', token],
    queryFn: () => api<InvitationPreview>(FIRM_API.preview, { method: 'POST', body: { token } }),
    enabled: token !== '',
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export const useAcceptInvitation = () =>
  useFirmMutation((token: string) => api<FirmResponse>(FIRM_API.accept, { method: 'POST', body: { token } }));
export const useShareMailbox = () =>
  useFirmMutation(({ integrationId, shared }: { integrationId: string; shared: boolean }) =>
    shared
      ? api<FirmResponse>(FIRM_API.sharedMailboxes, { method: 'POST', body: { integrationId } })
      : api<FirmResponse>(FIRM_API.sharedMailbox(integrationId), { method: 'DELETE' }),
  );

export function useInvite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (email: string) =>
      api<InvitationCreated>(FIRM_API.invitations, { method: 'POST', body: { email } }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: FIRM_QUERY_KEY }),
  });
}
