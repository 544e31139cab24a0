import { z } from 'zod';

// What Microsoft Graph posts to the notification and lifecycle URLs (change notifications and lifecycle
// events of Outlook message subscriptions). Only the fields we read are checked; the rest is dropped, at the top
// level too: Graph's payloads grow new members, and a 400 would make Graph re-deliver the whole batch for hours.

const id = z.string().min(1).max(512);
/** Graph's clientState is at most 128 characters; a longer one cannot be ours. */
const clientState = z.string().max(255);

export const graphChangeNotificationSchema = z.object({
  subscriptionId: id,
  clientState: clientState.optional(),
  changeType: z.string().max(64).optional(),
  resource: z.string().max(2048).optional(),
  subscriptionExpirationDateTime: z.string().max(64).optional(),
  tenantId: z.string().max(128).optional(),
});

/** At most this many notifications in one post (Graph batches a few; more is not Graph). */
export const GRAPH_MAX_NOTIFICATIONS = 1000;

/** Graph adds `validationTokens` to rich notifications only; any other top-level member is not Graph's. */
const validationTokens = z.array(z.string().max(8192)).max(100).optional();

export const graphNotificationsSchema = z.object({
  value: z.array(graphChangeNotificationSchema).max(GRAPH_MAX_NOTIFICATIONS),
  validationTokens,
});

/** Any lifecycle event name: a new one is accepted and handled (mail/push/graph-notifications.ts, decision 030). */
export const graphLifecycleEventSchema = z.string().min(1).max(64);

export const graphLifecycleNotificationsSchema = z.object({
  validationTokens,
  value: z
    .array(
      graphChangeNotificationSchema.extend({
        lifecycleEvent: graphLifecycleEventSchema,
      }),
    )
    .max(GRAPH_MAX_NOTIFICATIONS),
});

/** The validation handshake: Graph posts `?validationToken=…` and wants it back as text/plain. */
export const graphWebhookQuerySchema = z.object({
  validationToken: z
    .string()
    .min(1)
    .max(1024)
    // biome-ignore lint/suspicious/noControlCharactersInRegex: refusing control characters is the point.
    .regex(/^[^\u0000-\u001f\u007f]*$/, 'must be plain text')
    .optional(),
});
