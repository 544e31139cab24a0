/** The zod-free half of the clients and work-filing API (./clients.ts), for the browser. */

export const CLIENTS_API = {
  clients: '/api/clients',
  workThreads: '/api/work/threads',
  fileThread: (threadKey: string) => `/api/triage/threads/${encodeURIComponent(threadKey)}/work`,
  unfileThread: (threadKey: string, workItemId: string) =>
    `/api/triage/threads/${encodeURIComponent(threadKey)}/work/${encodeURIComponent(workItemId)}`,
} as const;

/** Who a thread is with: "Northgate Dental · Priya Natarajan". */
export type ThreadClient = { organisation: string | null; contact: string | null; address: string };

/** "Northgate Dental · Priya Natarajan", or whichever of the two is known. */
export function clientLabel(client: Pick<ThreadClient, 'organisation' | 'contact'>): string {
  return [client.organisation, client.contact].filter(Boolean).join(' · ');
}

/** GET /api/clients: the organisations of the caller's client list (their firm's, else their own), by name. */
export type ClientOrganisationDto = { id: string; name: string };
export type ClientOrganisationsResponse = { organisations: ClientOrganisationDto[] };

export type ClientSaved = { organisation: string; contact: string | null; domain: string | null };

export type WorkThreadDto = { workItemId: string; threadKey: string; subject: string; filedAt: string };
export type WorkThreadsResponse = { threads: WorkThreadDto[] };
