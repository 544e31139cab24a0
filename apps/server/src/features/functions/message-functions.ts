import {
  type EmailContentResponse,
  fetchContentSchema,
  moveMessageSchema,
  sendEmailSchema,
} from '@ledgerdesk/domain/api/functions';
import { NOT_LOGGED_IN_FETCH_MESSAGE } from '@ledgerdesk/domain/mail/email-fetch-errors';
import { snoozeTimeProblem } from '@ledgerdesk/domain/triage/snooze';
import type { FastifyInstance } from 'fastify';
import { requireUser } from '../../auth/require-user';
import { AppError, badRequest } from '../../http/app-error';
import { parseInput } from '../../http/parse-input';
import { fetchEmailContent, moveMessage, sendEmail, toArchiveError, toUnarchiveError } from '../../mail';
import { holdOutgoingMail } from '../outgoing/hold-outgoing-mail';
import { scheduleFollowUp } from '../triage/follow-up-reminders';

const CONTENT_FUNCTIONS = ['fetch-gmail-content', 'fetch-office365-content', 'fetch-email-content'] as const;
/** Answer (with RequestTimeout if need be) before the web app's own 30 s timeout gives up. */
const CONTENT_TIMEOUT_MS = 25_000;

/** A failure that is not already the spec's AppError, in the operation's §8 words. */
async function mapped<T>(work: () => Promise<T>, map: (error: unknown) => AppError): Promise<T> {
  try {
    return await work();
  } catch (error) {
    throw error instanceof AppError ? error : map(error);
  }
}

/** Content fetch, archive, unarchive and send. */
export function registerMessageFunctions(app: FastifyInstance): void {
  for (const name of CONTENT_FUNCTIONS) {
    app.post(`/api/functions/${name}`, async (request): Promise<EmailContentResponse> => {
      if (!request.user) throw new AppError(401, 'NotLoggedIn', NOT_LOGGED_IN_FETCH_MESSAGE);
      const input = parseInput(fetchContentSchema, request.body);
      const email = await fetchEmailContent(
        { deps: app.mail, userId: request.user.id },
        {
          integrationId: input.email_integration_id,
          messageId: input.email_message_id,
          timeoutMs: CONTENT_TIMEOUT_MS,
        },
      );
      const { to, cc, bcc, ...rest } = email;
      return { ...rest, toRecipients: to, ccRecipients: cc, bccRecipients: bcc };
    });
  }

  // Through the outbox like every mailbox change (decision 010); the answer waits briefly for the push.
  app.post('/api/functions/archive-email', async (request) => {
    const user = requireUser(request, 'archive emails');
    const input = parseInput(moveMessageSchema, request.body);
    const ctx = { deps: app.mail, userId: user.id, outbox: app.outbox };
    return {
      success: true as const,
      ...(await mapped(() => moveMessage(ctx, input, 'archive'), toArchiveError)),
    };
  });

  app.post('/api/functions/unarchive-email', async (request) => {
    const user = requireUser(request, 'move emails to the inbox');
    const input = parseInput(moveMessageSchema, request.body);
    const ctx = { deps: app.mail, userId: user.id, outbox: app.outbox };
    return {
      success: true as const,
      ...(await mapped(() => moveMessage(ctx, input, 'unarchive'), toUnarchiveError)),
    };
  });

  app.post('/api/functions/send-office365-email', async (request) => {
    const user = requireUser(request, 'send emails');
    const input = parseInput(sendEmailSchema, request.body);
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
  });
}
