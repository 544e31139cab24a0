import { sandboxControl } from '../client/sandbox';
import type { FleetMailbox } from './fleet-setup';
import type { Delivery } from './fleet-stats';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The order of one interval's deliveries: every mailbox once, shuffled (Fisher–Yates). */
export function shuffledOrder(count: number, random: () => number = Math.random): number[] {
  const order = Array.from({ length: count }, (_, index) => index);
  for (let index = count - 1; index > 0; index--) {
    const other = Math.floor(random() * (index + 1));
    [order[index], order[other]] = [order[other] as number, order[index] as number];
  }
  return order;
}

/**
 * One new message per mailbox per interval through the sandbox's control API (POST /messages), spread evenly
 * over each interval in a fresh random order, as mail arrives in a real firm: so a message waits anything
 * from nothing to a whole interval for the next scheduling round. Answers each message with the moment the
 * sandbox had stored it (the control API's answer arrived).
 */
export async function deliverMail(options: {
  sandboxUrl: string;
  mailboxes: readonly FleetMailbox[];
  intervalMs: number;
  intervals: number;
  /** Subject prefix of this phase ("Fleet <phase> "). */
  prefix: string;
}): Promise<Delivery[]> {
  const sandbox = sandboxControl(options.sandboxUrl);
  const { mailboxes, intervalMs } = options;
  const deliveries: Delivery[] = [];
  const startedAt = performance.now();
  const spacingMs = intervalMs / mailboxes.length;
  for (let interval = 0; interval < options.intervals; interval++) {
    const order = shuffledOrder(mailboxes.length);
    for (const [position, index] of order.entries()) {
      const mailbox = mailboxes[index] as FleetMailbox;
      const dueAt = startedAt + interval * intervalMs + (position + 0.5) * spacingMs;
      const wait = dueAt - performance.now();
      if (wait > 1) await sleep(wait);
      const subject = `${options.prefix}${interval} ${index}`;
      await sandbox.addMessage({
        mailbox: mailbox.address,
        from: 'Pat Client <pat@client.test>',
        to: [mailbox.address],
        subject,
        text: `New mail for interval ${interval}.`,
      });
      deliveries.push({ subject, mailbox: mailbox.address, deliveredAt: Date.now() });
    }
  }
  return deliveries;
}
