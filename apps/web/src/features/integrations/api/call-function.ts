import type { FunctionName } from '@ledgerdesk/domain/api/functions';
import { api } from '../../../lib/api-client';

/** Calls a spec §7 server function: `POST /api/functions/{name}` with a JSON body. */
export function callFunction<T>(
  name: FunctionName,
  body: unknown,
  timeoutMs?: number,
  signal?: AbortSignal,
): Promise<T> {
  return api<T>(`/api/functions/${name}`, {
    method: 'POST',
    body,
    ...(timeoutMs ? { timeoutMs } : {}),
    ...(signal ? { signal } : {}),
  });
}
