/**
 * Where a sender's mail lands (decision 012, decision 014). Needs a session; errors are `{error:{code,message}}`.
 *
 * POST /api/triage/senders   body SenderChoiceBody → SenderChoiceResponse
 *      `kind` 'notification' moves the sender's mail to the Notifications tab, 'email' back to Email: the user's
 *      items from that address are re-typed at once (mentions stay mentions), and every sync after keeps to it.
 */
import { z } from 'zod';
import { safeString } from './safe-string';

export const SENDERS_API = { choose: '/api/triage/senders' } as const;

export const senderChoiceSchema = z.strictObject({
  address: safeString()
    .trim()
    .toLowerCase()
    .min(3)
    .max(320)
    .refine((value) => /^[^\s@<>]+@[^\s@<>]+$/.test(value), 'address must be an email address.'),
  kind: z.enum(['email', 'notification']),
});
export type SenderChoiceBody = z.output<typeof senderChoiceSchema>;

export type SenderChoiceResponse = { address: string; kind: 'email' | 'notification'; updated: number };
