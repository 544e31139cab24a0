import type { Address } from '../util/address';
import type { Random } from '../util/prng';
import type { Topic } from './topic-types';
import { BANK, type Client, COLLEAGUES, personAddress, SOFTWARE_VENDOR, TAX_AUTHORITY } from './vocabulary';

const NOTICE_SENDERS: Record<string, Address> = {
  'tax-deadline': TAX_AUTHORITY,
  'bank-alert': BANK,
  'vendor-news': SOFTWARE_VENDOR,
};

export function pickSender(topic: Topic, client: Client): Address {
  const notice = NOTICE_SENDERS[topic.key];
  if (notice) return notice;
  return { name: client.contact, address: personAddress(client.contact, client.domain) };
}

/** Board packs go to a long CC list (directors and colleagues); other threads now and then CC a colleague. */
export function pickCc(ctx: { random: Random; owner: Address }, topic: Topic, client: Client): Address[] {
  if (topic.initiator === 'notice') return [];
  const ownerDomain = ctx.owner.address.split('@')[1] ?? 'harbourline.test';
  const colleague = (name: string): Address => ({ name, address: personAddress(name, ownerDomain) });
  if (topic.hasLargeCc) {
    const directors = client.directors.map((name) => ({ name, address: personAddress(name, client.domain) }));
    const start = ctx.random.int(0, COLLEAGUES.length - 1);
    const colleagues: Address[] = [];
    for (let i = 0; colleagues.length + directors.length < 7 && i < COLLEAGUES.length; i++) {
      colleagues.push(colleague(COLLEAGUES[(start + i) % COLLEAGUES.length] ?? 'Priya Shah'));
    }
    return [...directors, ...colleagues];
  }
  if (ctx.random.chance(0.2)) return [colleague(ctx.random.pick(COLLEAGUES))];
  return [];
}
