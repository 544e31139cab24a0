import type { Tx } from '../../db/with-user';
import type { ItemSnapshot } from '../../mail';

/**
 * What another feature takes back when an action is undone, in the undo's transaction: a rule's Assign, Set client
 * and Add to work (decision 025), named by the undo record's items. The composition root passes it to the triage
 * routes, as it sets the mail layer's FilingHook, so triage never imports the rules that build on it.
 */
export type TakeBackHook = (tx: Tx, previous: readonly ItemSnapshot[]) => Promise<void>;

export type TriageRoutesOptions = { takeBack: TakeBackHook };
