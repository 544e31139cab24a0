import type { SandboxContext } from '../context';
import { clearFaults } from '../faults/fault-registry';
import { createPubSubState } from '../pubsub/pubsub-state';
import { createPushFaults } from '../push/push-faults';
import { createGmailQuota } from '../quota/gmail-quota';
import { createGraphThrottle } from '../quota/graph-throttle';
import { seedDefaultMailboxes } from '../store/sandbox-store';

/** Back to the seeded default state: tokens, faults, quotas and created mailboxes are forgotten. */
export function resetSandbox(ctx: SandboxContext): void {
  ctx.store.mailboxes.clear();
  ctx.tokens.codes.clear();
  ctx.tokens.accessTokens.clear();
  ctx.tokens.refreshTokens.clear();
  ctx.pending.clear();
  clearFaults(ctx.faults);
  ctx.store.graphSubscriptions.clear();
  ctx.store.appRoles.clear();
  Object.assign(ctx.pushFaults, createPushFaults());
  Object.assign(ctx.gmailQuota, createGmailQuota());
  Object.assign(ctx.graphThrottle, createGraphThrottle());
  Object.assign(ctx.pubsub, createPubSubState());
  if (ctx.shouldSeed) seedDefaultMailboxes(ctx.store, ctx.now());
  ctx.persist();
}
