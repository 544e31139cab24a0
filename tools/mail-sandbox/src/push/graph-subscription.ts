/** A Graph change-notification subscription as the sandbox keeps it (persisted with the mailboxes). */
export type GraphSubscription = {
  id: string;
  /** The mailbox (address) whose token created it: only that mailbox's token may read, renew or delete it. */
  mailbox: string;
  /**
   * `app:{client id}@{tenant}` when an application's own token created it (`users/{address}/messages`); absent
   * when the signed-in mailbox created it on itself. (Files from before carry the delegate's address.)
   */
  createdBy?: string;
  applicationId: string;
  resource: string;
  changeType: string;
  notificationUrl: string;
  lifecycleNotificationUrl: string | null;
  clientState: string | null;
  expiresAt: number;
  /** The mailbox's change sequence already notified: the notifier posts what came after. */
  notifiedSeq: number;
};

/** Outlook messages: at most 4,230 minutes; under 45 minutes is raised to 45 (Graph docs). */
export const MAX_EXPIRY_MINUTES = 4230;
export const MIN_EXPIRY_MINUTES = 45;
export const MAX_CLIENT_STATE_LENGTH = 128;
const CHANGE_TYPES = new Set(['created', 'updated', 'deleted']);
const MESSAGES_RESOURCE = /^\/?(me|users\/[^/]+)\/(mailfolders\/[^/]+\/)?messages$/i;
const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]']);

export function subscriptionJson(subscription: GraphSubscription) {
  return {
    '@odata.context': 'https://graph.microsoft.com/v1.0/$metadata#subscriptions/$entity',
    id: subscription.id,
    resource: subscription.resource,
    applicationId: subscription.applicationId,
    changeType: subscription.changeType,
    clientState: subscription.clientState,
    notificationUrl: subscription.notificationUrl,
    lifecycleNotificationUrl: subscription.lifecycleNotificationUrl,
    expirationDateTime: new Date(subscription.expiresAt).toISOString(),
    creatorId: subscription.mailbox,
    latestSupportedTlsVersion: 'v1_2',
    includeResourceData: null,
  };
}

/** Graph's check of a notification URL: https, or (the sandbox's allowance) http on a loopback host. */
export function notificationUrlProblem(value: unknown, field: string): string | null {
  if (typeof value !== 'string') return `${field} is required.`;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return `${field} must be an absolute URL.`;
  }
  if (url.protocol === 'https:') return null;
  if (url.protocol === 'http:' && LOOPBACK.has(url.hostname)) return null;
  return `Subscription ${field} must use https.`;
}

export function changeTypeProblem(value: unknown): string | null {
  if (typeof value !== 'string' || value === '') return 'changeType is required.';
  const types = value.split(',').map((type) => type.trim());
  return types.every((type) => CHANGE_TYPES.has(type)) ? null : `Invalid changeType '${value}'.`;
}

export function resourceProblem(value: unknown): string | null {
  if (typeof value !== 'string') return 'resource is required.';
  return MESSAGES_RESOURCE.test(value) ? null : `Resource '${value}' is not supported.`;
}

/** The expiry to grant (ms) or Graph's complaint. */
export function expiryFor(value: unknown, now: number): { expiresAt: number } | { problem: string } {
  const at = typeof value === 'string' ? Date.parse(value) : Number.NaN;
  if (!Number.isFinite(at)) return { problem: 'expirationDateTime is required and must be a date.' };
  if (at <= now) return { problem: 'Subscription expiration must be in the future.' };
  if (at > now + MAX_EXPIRY_MINUTES * 60_000) {
    return { problem: `Subscription expiration can only be ${MAX_EXPIRY_MINUTES} minutes in the future.` };
  }
  return { expiresAt: Math.max(at, now + MIN_EXPIRY_MINUTES * 60_000) };
}

/** Which of the subscription's change types a sandbox change counts as. */
export function graphChangeType(kind: 'added' | 'deleted' | 'updated' | 'moved' | 'labels'): string {
  return kind === 'added' ? 'created' : kind === 'deleted' ? 'deleted' : 'updated';
}
