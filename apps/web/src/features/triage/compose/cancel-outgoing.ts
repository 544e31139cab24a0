import { type CancelOutgoingResponse, OUTGOING_API } from '@ledgerdesk/domain/api/outgoing-endpoints';
import { api } from '../../../lib/api-client';

/** Undo send: takes a held message back before it reaches the provider (409 once it has been sent). */
export function cancelOutgoing(id: string): Promise<CancelOutgoingResponse> {
  return api<CancelOutgoingResponse>(OUTGOING_API.cancel(id), { method: 'POST' });
}
