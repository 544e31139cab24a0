import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { SandboxContext } from '../context';
import { cryptoIdSource } from '../util/ids';
import { type BatchPart, type PartResponse, parseBatchBody, renderBatchResponse } from './batch-parts';
import { sendInvalidArgument } from './errors';

const MAX_PARTS = 100;

/** POST /batch/gmail/v1: each part is replayed through the real routes (auth, quota and faults apply per part). */
export function registerBatchRoute(app: FastifyInstance, ctx: SandboxContext): void {
  app.post('/batch/gmail/v1', async (request, reply) => {
    const body = Buffer.isBuffer(request.body) ? request.body : Buffer.from(String(request.body ?? ''));
    const parts = parseBatchBody(request.headers['content-type'], body);
    if (typeof parts === 'string') return sendInvalidArgument(reply, parts);
    if (parts.length > MAX_PARTS) {
      return sendInvalidArgument(reply, `A batch request cannot contain more than ${MAX_PARTS} requests.`);
    }
    const responses: PartResponse[] = [];
    for (const part of parts) responses.push(await runPart(ctx, request, part));
    const boundary = `batch_${cryptoIdSource('ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789', 20)}`;
    return reply.type(`multipart/mixed; boundary=${boundary}`).send(renderBatchResponse(boundary, responses));
  });
}

function toLocalPath(ctx: SandboxContext, path: string): string {
  const url = URL.canParse(path) ? new URL(path) : undefined;
  const local = url ? `${url.pathname}${url.search}` : path;
  const mounted = `${ctx.prefix}/gmail`;
  // Parts name the Gmail path (/gmail/v1/...), possibly as an absolute URL of the sandbox itself.
  if (local.startsWith(`${mounted}/gmail/`) || local.startsWith(`${mounted}/upload/`)) return local;
  return `${mounted}${local.startsWith('/') ? local : `/${local}`}`;
}

async function runPart(ctx: SandboxContext, request: FastifyRequest, part: BatchPart): Promise<PartResponse> {
  const headers: Record<string, string> = { ...part.headers, 'x-sandbox-batch': '1' };
  if (!headers.authorization && request.headers.authorization)
    headers.authorization = request.headers.authorization;
  if (part.body && !headers['content-type']) headers['content-type'] = 'application/json';
  const response = await request.server.inject({
    method: part.method as 'GET',
    url: toLocalPath(ctx, part.path),
    headers,
    ...(part.body ? { payload: part.body } : {}),
  });
  const out: Record<string, string> = {
    'Content-Type': String(response.headers['content-type'] ?? 'application/json; charset=UTF-8'),
    Vary: 'Origin, X-Origin, Referer',
  };
  const retryAfter = response.headers['retry-after'];
  if (retryAfter !== undefined) out['Retry-After'] = String(retryAfter);
  return {
    ...(part.contentId ? { contentId: part.contentId } : {}),
    status: response.statusCode,
    headers: out,
    body: response.body,
  };
}
