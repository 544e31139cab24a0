import type { Provider } from '../store/types';

/**
 * 429 / 500 / 503: the provider's real error answer; 'timeout': the request is held; the rest are answers
 * that are not what the API documents: 'html' (200 with an HTML page), 'empty' (200 with no body),
 * 'truncated' (the answer cut in half, e.g. a multipart batch without its closing boundary) and
 * 'mismatched-ids' (a batch whose parts' Content-IDs name no request). The half-successes (`AFTER_FAULTS`)
 * let the request do its work first — a send is sent — and then spoil only the answer: a gateway's 504
 * ('after-504'), a dropped connection ('after-reset') or no answer at all ('after-timeout').
 */
export type FaultStatus =
  | 429
  | 500
  | 503
  | 'timeout'
  | 'html'
  | 'empty'
  | 'truncated'
  | 'mismatched-ids'
  | AfterFault;

export const GARBAGE_FAULTS = ['html', 'empty', 'truncated', 'mismatched-ids'] as const;

export const AFTER_FAULTS = ['after-504', 'after-reset', 'after-timeout'] as const;
export type AfterFault = (typeof AFTER_FAULTS)[number];

export function isAfterFault(status: unknown): status is AfterFault {
  return (AFTER_FAULTS as readonly unknown[]).includes(status);
}

export type Fault = {
  id: number;
  provider: Provider;
  status: FaultStatus;
  remaining: number;
  pathContains?: string;
  retryAfterSeconds?: number;
};

export type FaultRegistry = { faults: Fault[]; nextId: number };

export function createFaultRegistry(): FaultRegistry {
  return { faults: [], nextId: 1 };
}

export function addFault(registry: FaultRegistry, fault: Omit<Fault, 'id'>): Fault {
  const created = { ...fault, id: registry.nextId++ };
  registry.faults.push(created);
  return created;
}

/** The first armed fault matching the request; consumes one of its remaining uses. */
export function takeFault(registry: FaultRegistry, provider: Provider, url: string): Fault | undefined {
  const fault = registry.faults.find(
    (candidate) =>
      candidate.provider === provider &&
      candidate.remaining > 0 &&
      (candidate.pathContains === undefined || url.includes(candidate.pathContains)),
  );
  if (!fault) return undefined;
  fault.remaining -= 1;
  if (fault.remaining === 0) registry.faults = registry.faults.filter((candidate) => candidate !== fault);
  return fault;
}

export function clearFaults(registry: FaultRegistry): void {
  registry.faults = [];
}
