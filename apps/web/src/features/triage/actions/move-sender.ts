import {
  SENDERS_API,
  type SenderChoiceBody,
  type SenderChoiceResponse,
} from '@ledgerdesk/domain/api/senders';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { triageKeys } from '../triage-keys';

/** Moves a sender's mail to Notifications or back to Email (decision 014). */
export function moveSender(body: SenderChoiceBody): Promise<SenderChoiceResponse> {
  return api<SenderChoiceResponse>(SENDERS_API.choose, { method: 'POST', body });
}

/** Moves a sender (decision 014); the lists refetch. */
export function useMoveSender() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: moveSender,
    onSuccess: (result) => {
      toast.success(
        result.kind === 'notification' ? 'Sender moved to Notifications' : 'Sender moved to Email',
        {
          description: result.address,
        },
      );
      void queryClient.invalidateQueries({ queryKey: triageKeys.lists() });
    },
    onError: (error) => toast.error('Could not move the sender', { description: error.message }),
  });
}
