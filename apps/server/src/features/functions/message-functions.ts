import {
  type EmailContentResponse,
  fetchContentSchema,
  moveMessageSchema,
  sendEmailSchema,
} from '@ledgerdesk/domain/api/functions';
import { NOT_LOGGED_IN_FETCH_MESSAGE } from '@ledgerdesk/domain/mail/email-fetch-errors';
import { snoozeTimeProblem } from '@ledgerdesk/domain/triage/snooze';
import type { FastifyInstance } from 'fastify';
import { AppError, badRequest } from '../../http/app-error';
import { defineRoute } from '../../http/define-route';
import { fetchEmailContent, moveMessage, sendEmail } from '../../mail';
import { holdOutgoingMail } from '../outgoing';
import { scheduleFollowUp } from '../triage';

const CONTENT_FUNCTIONS = [
  ['fetch-gmail-content', 'One message from Gmail.'],
  ['fetch-office365-content', 'One message from Office 365.'],
  ['fetch-email-content', 'One message (provider chosen by the integration).'],
] as const;
const MOVE_FUNCTIONS = [
  ['archive-email', 'archive', 'Move a message to Archive.', 'archive emails'],
  ['unarchive-email', 'unarchive', 'Move a message back to the Inbox.', 'move emails to the inbox'],
] as const;
/** Answer (with RequestTimeout if need be) before the web app's own 30 s timeout gives up. */
const CONTENT_TIMEOUT_MS = 25_000;

/** Content fetch, archive, unarchive and send. */
export function registerMessageFunctions(app: FastifyInstance): void {
  for (const [name, summary] of CONTENT_FUNCTIONS) {
    defineRoute(
      app,
      {
        method: 'POST',
        path: `/api/functions/${name}`,
        summary,
        // The content fetch's own 401 (spec §8), not requireUser's.
        auth: (request) => {
          if (!request.user) throw new AppError(401, 'NotLoggedIn', NOT_LOGGED_IN_FETCH_MESSAGE);
          return request.user;
        },
        body: fetchContentSchema,
      },
      async ({ user, body: input }): Promise<EmailContentResponse> => {
        const email = await fetchEmailContent(
          { deps: app.mail, userId: user.id },
          {
            integrationId: input.email_integration_id,
            messageId: input.email_message_id,
            timeoutMs: CONTENT_TIMEOUT_MS,
          },
        );
        const { to, cc, bcc, ...rest } = email;
        return { ...rest, toRecipients: to, ccRecipients: cc, bccRecipients: bcc };
      },
    );
  }

  // Through the outbox like every mailbox change (decision 010); the answer waits briefly for the push.
  for (const [name, operation, summary, action] of MOVE_FUNCTIONS) {
    defineRoute(
      app,
      { method: 'POST', path: `/api/functions/${name}`, summary, auth: { action }, body: moveMessageSchema },
      async ({ user, body: input }) => {
        const ctx = { deps: app.mail, userId: user.id, outbox: app.outbox };
        return { success: true as const, ...(await moveMessage(ctx, input, operation)) };
      },
    );
  }

  defineRoute(
    app,
    {
      method: 'POST',
      path: '/api/functions/send-office365-email',
      summary: 'Send, reply or reply all.',
      auth: { action: 'send emails' },
      body: sendEmailSchema,
    },
    async ({ user, body: input }) => {
      const followUpAt = input.followUpAt ? new Date(input.followUpAt) : null;
      const problem = followUpAt ? snoozeTimeProblem(followUpAt, app.clock.now()) : null;
      if (problem) throw badRequest(problem);
      const message = {
        to: input.to,
        cc: input.cc,
        subject: input.subject,
        body: input.body,
        replyType: input.replyType,
        ...(input.integrationId ? { integrationId: input.integrationId } : {}),
        ...(input.triageItemId ? { triageItemId: input.triageItemId } : {}),
        ...(input.threadId ? { threadId: input.threadId } : {}),
        ...(input.originalMessageId ? { originalMessageId: input.originalMessageId } : {}),
      };
      // Undo send: held server-side for the window, then sent by features/outgoing/outgoing-sender.ts on any node.
      if (input.holdSeconds)
        return holdOutgoingMail(app, user.id, { ...message, followUpAt }, input.holdSeconds);
      const { integrationId, threadId, ...result } = await sendEmail(
        { deps: app.mail, userId: user.id },
        message,
      );
      if (followUpAt) {
        await scheduleFollowUp(app, user.id, {
          integrationId,
          threadId,
          subject: input.subject,
          // The real moment of sending: replies are recognised by the providers' own timestamps.
          sentAt: new Date(),
          remindAt: followUpAt,
        });
      }
      return { success: true as const, ...result };
    },
  );
}
