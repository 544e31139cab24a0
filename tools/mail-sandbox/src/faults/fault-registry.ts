import type { Provider } from '../store/types';

export type FaultStatus = 429 | 500 | 503 | 'timeout';

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
