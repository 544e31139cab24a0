import type { FaultRegistry } from './faults/fault-registry';
import { createFaultRegistry } from './faults/fault-registry';
import type { PendingAuthorization } from './oauth/authorize-params';
import type { TokenStore } from './oauth/token-store';
import { createTokenStore } from './oauth/token-store';
import { createPubSubState, type PubSubState } from './pubsub/pubsub-state';
import { createPushFaults, type PushFaults } from './push/push-faults';
import type { GmailQuota } from './quota/gmail-quota';
import { createGmailQuota } from './quota/gmail-quota';
import type { GraphThrottle } from './quota/graph-throttle';
import { createGraphThrottle } from './quota/graph-throttle';
import type { SandboxStore } from './store/sandbox-store';
import { createStore } from './store/sandbox-store';

export type DroppedNotice = { mailbox: string; subject: string };

/** Everything the routes share; one per registered plugin. */
export type SandboxContext = {
  store: SandboxStore;
  tokens: TokenStore;
  pending: Map<string, PendingAuthorization>;
  faults: FaultRegistry;
  /** Faults of Graph's change notifications (drop, duplicate, delay, reorder, forge, refuse). */
  pushFaults: PushFaults;
  gmailQuota: GmailQuota;
  graphThrottle: GraphThrottle;
  /** Gmail watch's Pub/Sub topic and pull subscription, with their faults. */
  pubsub: PubSubState;
  /**
   * New messages whose notification a fault dropped (Graph's "created", or the Gmail publish that covered
   * them), for the bench's faults row: its target is the p95 of the rest. Read and cleared through the control API.
   */
  droppedNotices: DroppedNotice[];
  tokenLifetimeSeconds: number;
  shouldSeed: boolean;
  now: () => number;
  publicUrl: () => string;
  /** Route prefix of the plugin (e.g. /sandbox), used to replay batch parts with inject. */
  prefix: string;
  /** Requests held open by 'timeout' faults, released when the server closes. */
  held: Set<() => void>;
  /** Provider API calls answered since start (batch parts not counted: a batch is one call), and of them batches. */
  calls: { office365: number; gmail: number };
  batches: { office365: number; gmail: number };
  /** Notes that the state changed: a save of the state file (if any) is due. */
  persist: () => void;
  /**
   * Resolves once every change noted so far is in the state file (at once without one). Every answer waits for
   * it, so what the sandbox acknowledged survives a crash, like a provider's.
   */
  settle: () => Promise<void>;
  /** Redirect URIs registered for the sandbox client (undefined: loopback and own origin only). */
  redirectUris: readonly string[] | undefined;
  /** The registered client secret (undefined: any is accepted). */
  clientSecret: string | undefined;
};

export type ContextSettings = {
  publicUrl: () => string;
  tokenLifetimeSeconds: number;
  shouldSeed: boolean;
  now: () => number;
  prefix: string;
  redirectUris?: readonly string[] | undefined;
  clientSecret?: string | undefined;
};

export function createContext(settings: ContextSettings): SandboxContext {
  return {
    ...settings,
    redirectUris: settings.redirectUris,
    clientSecret: settings.clientSecret,
    store: createStore(),
    tokens: createTokenStore(),
    pending: new Map(),
    faults: createFaultRegistry(),
    pushFaults: createPushFaults(),
    gmailQuota: createGmailQuota(),
    graphThrottle: createGraphThrottle(),
    pubsub: createPubSubState(),
    droppedNotices: [],
    held: new Set(),
    calls: { office365: 0, gmail: 0 },
    batches: { office365: 0, gmail: 0 },
    persist: () => {},
    settle: () => Promise.resolve(),
  };
}
