import type { MailLogger } from '../core/mail-deps';

/** Notifications ignored (per notification) and posts refused (rate limit) on this node since it started. */
export type WebhookIntakeFigures = {
  ignored: { clientState: number; unknownSubscription: number; overCap: number };
  refusedPosts: number;
};

export type IgnoredReason = keyof WebhookIntakeFigures['ignored'];

/** What the webhooks turned away, counted in memory on this node (decision 030). */
export type IntakeTally = {
  ignore(reason: IgnoredReason, count?: number): void;
  refusePost(): void;
  figures(): WebhookIntakeFigures;
  stop(): void;
};

/** How often the ignored notifications of the last period are logged, as one line (none when there were none). */
export const INTAKE_SUMMARY_EVERY_MS = 60_000;

const zeroIgnored = () => ({ clientState: 0, unknownSubscription: 0, overCap: 0 });

/**
 * Forged or stray notifications cost no write and no log line each: they are counted here, the totals go to
 * /api/metrics, and one summary line a minute says how many were ignored and why.
 */
export function createIntakeTally(log: MailLogger, everyMs: number = INTAKE_SUMMARY_EVERY_MS): IntakeTally {
  const totals = { ignored: zeroIgnored(), refusedPosts: 0 };
  let period = { ignored: zeroIgnored(), refusedPosts: 0 };
  const summarise = () => {
    const { ignored, refusedPosts } = period;
    period = { ignored: zeroIgnored(), refusedPosts: 0 };
    const count = ignored.clientState + ignored.unknownSubscription + ignored.overCap;
    if (count === 0 && refusedPosts === 0) return;
    log.warn(
      { ignored, refusedPosts, periodSeconds: everyMs / 1000 },
      `Graph webhooks ignored ${count} notifications (${ignored.clientState} with a wrong clientState, ${ignored.unknownSubscription} for unknown subscriptions, ${ignored.overCap} beyond the per-post cap) and refused ${refusedPosts} posts over the rate limit`,
    );
  };
  const timer = setInterval(summarise, everyMs);
  timer.unref();
  return {
    ignore(reason, count = 1) {
      totals.ignored[reason] += count;
      period.ignored[reason] += count;
    },
    refusePost() {
      totals.refusedPosts += 1;
      period.refusedPosts += 1;
    },
    figures: () => ({ ignored: { ...totals.ignored }, refusedPosts: totals.refusedPosts }),
    stop() {
      clearInterval(timer);
      summarise();
    },
  };
}
