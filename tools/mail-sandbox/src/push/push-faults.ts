/** Faults of the Graph notification channel, set through the control API (`/control/graph/push-faults`). */
export type PushFaults = {
  /** Share (0..1) of notifications never posted. */
  dropShare: number;
  /** Share (0..1) of notifications posted twice. */
  duplicateShare: number;
  /** Every post waits this long first. */
  delayMs: number;
  /** Each batch is posted in reverse order. */
  shouldReorder: boolean;
  /** The next this-many notifications carry a clientState that is not the subscription's. */
  forgeClientState: number;
  /** The next this-many subscription creations are refused with 403 (-1: until cleared). */
  refuseSubscriptions: number;
  /**
   * Not a fault: Graph's delivery schedule (redelivery backoff over 4 hours, 10-minute throttling windows) times
   * this factor; 1 is Graph's own, tests use e.g. 0.001 (10 minutes → 0.6 s). The 3 s timeout is never scaled.
   */
  deliveryTimeScale: number;
};

export function createPushFaults(): PushFaults {
  return {
    dropShare: 0,
    duplicateShare: 0,
    delayMs: 0,
    shouldReorder: false,
    forgeClientState: 0,
    refuseSubscriptions: 0,
    deliveryTimeScale: 1,
  };
}
