/**
 * Undo send (decision 010): a message sent with `holdSeconds` is held server-side for the undo window, then a sender
 * on every node hands it to the provider. Paths, texts and DTOs, without zod.
 *
 * POST /api/outgoing/:id/cancel   200 {mail}: the held message, removed before it reached the provider;
 *                                 409 OUTGOING_ALREADY_SENT when too late; 404 for an id that is not the caller's.
 */
export const OUTGOING_API = {
  cancel: (id: string) => `/api/outgoing/${encodeURIComponent(id)}/cancel`,
} as const;

/** The longest hold the server accepts (the largest undo window the UI offers). */
export const HOLD_SECONDS_MAX = 30;

export const OUTGOING_ALREADY_SENT = 'This message has already been sent.';
export const OUTGOING_NOT_FOUND = 'This message was not found.';
export const UNDO_SEND_TOO_LATE = { title: 'Too late to undo', description: OUTGOING_ALREADY_SENT } as const;

/** A held message as the user wrote it: what Undo puts back into the compose dialog. */
export type OutgoingMailDto = {
  integrationId: string;
  to: string[];
  cc: string[];
  subject: string;
  body: string;
  replyType: 'new' | 'reply' | 'replyAll';
  triageItemId: string | null;
  threadId: string | null;
  originalMessageId: string | null;
};
export type CancelOutgoingResponse = { mail: OutgoingMailDto };
