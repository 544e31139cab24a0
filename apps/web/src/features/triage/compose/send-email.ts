import type { SendEmailInput, SendEmailResponse } from '@ledgerdesk/domain/api/functions';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** Sends a new mail, a reply or a reply-all through the server (spec §7 send-office365-email). */
export function sendEmail(input: SendEmailInput): Promise<SendEmailResponse> {
  return api<SendEmailResponse>('/api/functions/send-office365-email', { method: 'POST', body: input });
}

export function useSendEmail() {
  return useMutation({ mutationFn: sendEmail });
}
