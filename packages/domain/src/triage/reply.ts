import type { EmailAddress } from '../entities';
import { parseSenderAddress } from './sender-address';

const REPLY_PREFIX = /^\s*re:/i;

/** The subject of a reply: "Re: " prefixed unless the subject already starts with Re: (any case). */
export function replySubject(subject: string): string {
  return REPLY_PREFIX.test(subject) ? subject : `Re: ${subject}`;
}

/** The bare address of "Name <addr>", an address or an {name, address} pair (trimmed). */
export function addressOf(participant: string | EmailAddress): string {
  const text = typeof participant === 'string' ? participant : participant.address;
  return parseSenderAddress(text).address;
}

export type ReplyAllInput = {
  participants: readonly (string | EmailAddress)[];
  sender: string | EmailAddress;
  ownMailbox: string | null;
};

/** Reply-all recipients: To the sender; CC every other thread participant except the user's own mailbox (deduplicated, case-insensitive). */
export function replyAllRecipients({ participants, sender, ownMailbox }: ReplyAllInput): {
  to: string[];
  cc: string[];
} {
  const senderAddress = addressOf(sender);
  const excluded = new Set([senderAddress.toLowerCase()]);
  if (ownMailbox) excluded.add(addressOf(ownMailbox).toLowerCase());
  const cc: string[] = [];
  for (const participant of participants) {
    const address = addressOf(participant);
    const key = address.toLowerCase();
    if (address === '' || excluded.has(key)) continue;
    excluded.add(key);
    cc.push(address);
  }
  return { to: senderAddress === '' ? [] : [senderAddress], cc };
}
