import type { Mailbox } from '../store/types';
import type { Address } from '../util/address';
import type { IdSource } from '../util/ids';
import type { Random } from '../util/prng';

/** What planning one mailbox's seeded threads (and their attachments) draws on. */
export type PlanContext = {
  mailbox: Mailbox;
  random: Random;
  ids: IdSource;
  now: number;
  owner: Address;
  ownerList: Address[];
};
