import { RECIPIENTS_COLLAPSE_ABOVE } from '../constants';
import type { EmailAddress } from '../entities';
import { countNoun } from './count-noun';

export type RecipientsSummary = {
  /** The first To recipient (name, else address), or null when there is none. */
  firstRecipient: string | null;
  totalCount: number;
  otherCount: number;
  /** Whether the "& N other(s)" link is offered: to+cc+bcc exceeds 2. */
  isCollapsible: boolean;
  /** "& N other(s)" when collapsible, else null. */
  othersLabel: string | null;
};

/** A display name for an address: its name, else the address. */
export function displayAddress(recipient: EmailAddress): string {
  return recipient.name.trim() || recipient.address;
}

/** The collapsed recipients line of an email row: "To:" first recipient and "& N other(s)". */
export function recipientsSummary(
  to: readonly EmailAddress[],
  cc: readonly EmailAddress[] = [],
  bcc: readonly EmailAddress[] = [],
): RecipientsSummary {
  const first = to[0] ?? cc[0] ?? bcc[0];
  const totalCount = to.length + cc.length + bcc.length;
  const otherCount = Math.max(0, totalCount - 1);
  const isCollapsible = totalCount > RECIPIENTS_COLLAPSE_ABOVE;
  return {
    firstRecipient: first ? displayAddress(first) : null,
    totalCount,
    otherCount,
    isCollapsible,
    othersLabel: isCollapsible ? `& ${countNoun(otherCount, 'other')}` : null,
  };
}
