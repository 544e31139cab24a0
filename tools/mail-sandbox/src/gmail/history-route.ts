import type { gmail_v1 } from '@googleapis/gmail';
import type { FastifyInstance } from 'fastify';
import type { SandboxContext } from '../context';
import { requestAuth } from '../oauth/authenticate';
import { takeHistoryHide } from '../pubsub/history-hide';
import { firstChangeAfter, isCursorValid } from '../store/change-log';
import { sendInvalidArgument, sendNotFound } from './errors';
import { type HistoryType, toHistory, touchesLabel } from './history-record';
import { decodePageToken, encodePageToken, queryList, queryNumber } from './query-values';
import { GMAIL_READ, hasGmailScope } from './scopes';

type Query = Record<string, string | string[] | undefined>;
const TYPES = new Set<string>(['messageAdded', 'messageDeleted', 'labelAdded', 'labelRemoved']);

/** history.list: changes after startHistoryId; a start older than the retained window is a 404. */
export function registerHistoryRoute(app: FastifyInstance, ctx: SandboxContext): void {
  app.get<{ Querystring: Query }>('/gmail/v1/users/:userId/history', async (request, reply) => {
    if (!hasGmailScope(request, reply, GMAIL_READ)) return reply;
    const { mailbox } = requestAuth(request);
    const startText = typeof request.query.startHistoryId === 'string' ? request.query.startHistoryId : '';
    if (!/^\d+$/.test(startText)) return sendInvalidArgument(reply, 'Invalid startHistoryId');
    const start = Number(startText);
    if (!isCursorValid(mailbox, start)) return sendNotFound(reply);
    const types = new Set(
      queryList(request.query.historyTypes).filter((t): t is HistoryType => TYPES.has(t)),
    );
    const labelId = typeof request.query.labelId === 'string' ? request.query.labelId : undefined;
    const maxResults = queryNumber(request.query.maxResults, 100, 500);
    const after = decodePageToken(request.query.pageToken);
    if (Number.isNaN(after)) return sendInvalidArgument(reply, 'Invalid pageToken');
    const history: gmail_v1.Schema$History[] = [];
    let lastSeq = start;
    let hasMore = false;
    // A fault (control API) may hold this read back before a new message, or lose that message's changes.
    const lag = takeHistoryHide(ctx, mailbox, start);
    for (let i = firstChangeAfter(mailbox, Math.max(start, after ?? start)); i < mailbox.log.length; i++) {
      const record = mailbox.log[i];
      if (lag && record && record.seq >= lag.seq) break;
      if (!record || record.isHiddenFromChanges || !touchesLabel(record, labelId)) continue;
      const entry = toHistory(record, types);
      if (!entry) continue;
      if (history.length === maxResults) {
        hasMore = true;
        break;
      }
      history.push(entry);
      lastSeq = record.seq;
    }
    const response: gmail_v1.Schema$ListHistoryResponse = {
      ...(history.length > 0 ? { history } : {}),
      ...(hasMore ? { nextPageToken: encodePageToken(lastSeq) } : {}),
      historyId: String(lag ? lag.seq - 1 : mailbox.seq),
    };
    return response;
  });
}
