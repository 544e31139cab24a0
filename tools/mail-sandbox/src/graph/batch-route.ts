import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { SandboxContext } from '../context';
import { sendBadRequest } from './errors';

type BatchStep = {
  id: string;
  method: string;
  url: string;
  headers?: Record<string, string>;
  body?: unknown;
  dependsOn?: string[];
};
type BatchResponse = { id: string; status: number; headers: Record<string, string>; body?: unknown };

const MAX_STEPS = 20;
const PARALLELISM = 4;
const FORWARDED_HEADERS = ['content-type', 'retry-after', 'location', 'preference-applied'];

function parseSteps(body: unknown): BatchStep[] | string {
  const requests = (body as { requests?: unknown } | undefined)?.requests;
  if (!Array.isArray(requests) || requests.length === 0) return 'Invalid batch payload format.';
  if (requests.length > MAX_STEPS)
    return `Number of batch request steps exceeds the maximum of ${MAX_STEPS}.`;
  const ids = new Set<string>();
  for (const step of requests as BatchStep[]) {
    if (typeof step?.id !== 'string' || typeof step.method !== 'string' || typeof step.url !== 'string') {
      return 'Invalid batch payload format: every request needs id, method and url.';
    }
    // "url: the relative resource URL the individual request would typically be sent to" (json-batching.md).
    if (/^[a-z][a-z\d+.-]*:/i.test(step.url) || step.url.startsWith('//'))
      return `Invalid request URL '${step.url}': the url of a batch request must be relative.`;
    if (ids.has(step.id)) return `Duplicate request id '${step.id}'.`;
    ids.add(step.id);
  }
  return requests as BatchStep[];
}

/** JSON batching: each step replays through the real routes, so auth, faults and throttling apply per step. */
export function registerBatchRoute(app: FastifyInstance, ctx: SandboxContext): void {
  app.post('/v1.0/$batch', async (request, reply) => {
    const steps = parseSteps(request.body);
    if (typeof steps === 'string') return sendBadRequest(reply, steps, 'BadRequest');
    const responses = new Map<string, BatchResponse>();
    const isSequential = steps.some((step) => step.dependsOn && step.dependsOn.length > 0);
    const queue = [...steps];
    const worker = async (): Promise<void> => {
      for (let step = queue.shift(); step; step = queue.shift()) {
        const failed = step.dependsOn?.find((id) => (responses.get(id)?.status ?? 424) >= 400);
        responses.set(step.id, failed ? dependencyFailed(step.id) : await runStep(ctx, request, step));
      }
    };
    await Promise.all(Array.from({ length: isSequential ? 1 : PARALLELISM }, worker));
    return { responses: steps.map((step) => responses.get(step.id)) };
  });
}

async function runStep(
  ctx: SandboxContext,
  request: FastifyRequest,
  step: BatchStep,
): Promise<BatchResponse> {
  const url = `${ctx.prefix}/graph/v1.0${step.url.startsWith('/') ? step.url : `/${step.url}`}`;
  const headers: Record<string, string> = { 'x-sandbox-batch': '1' };
  for (const [name, value] of Object.entries(step.headers ?? {})) headers[name.toLowerCase()] = String(value);
  if (request.headers.authorization) headers.authorization = request.headers.authorization;
  const hasBody = step.body !== undefined && step.body !== null;
  if (hasBody) headers['content-type'] ??= 'application/json';
  const response = await request.server.inject({
    method: step.method.toUpperCase() as 'GET',
    url,
    headers,
    ...(hasBody ? { payload: typeof step.body === 'string' ? step.body : JSON.stringify(step.body) } : {}),
  });
  const out: BatchResponse = { id: step.id, status: response.statusCode, headers: {} };
  for (const name of FORWARDED_HEADERS) {
    const value = response.headers[name];
    if (value !== undefined)
      out.headers[name === 'content-type' ? 'Content-Type' : name === 'retry-after' ? 'Retry-After' : name] =
        String(value);
  }
  if (response.body.length > 0) {
    const isJson = String(response.headers['content-type'] ?? '').includes('json');
    out.body = isJson ? response.json() : Buffer.from(response.rawPayload).toString('base64');
  }
  return out;
}

function dependencyFailed(id: string): BatchResponse {
  return {
    id,
    status: 424,
    headers: { 'Content-Type': 'application/json' },
    body: {
      error: {
        code: 'FailedDependency',
        message: 'The request failed because a request it depends on failed.',
      },
    },
  };
}
