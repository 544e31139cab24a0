import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { googleErrorBody, sendGoogleError } from '../gmail/errors';
import { sendGraphError } from '../graph/errors';
import { checkQuery, checkValue, compileMatchers, locate } from './check-call';
import { type Api, type Description, loadDescription, type Operation } from './description';
import { withSupplements } from './supplements';

/** Contract checking: on in the test harnesses, off in development and production. */
export type ContractOptions = {
  /**
   * Violations a caller expects (a test of the sandbox's own refusals), by their exact text. Anything else is
   * answered 400 (requests) or recorded (answers) and fails the harness when it closes.
   */
  allow?: string[];
  /** Where the violations go; the caller owns it and asserts it is empty. */
  violations: string[];
};

let cached: { description: Description; matchers: ReturnType<typeof compileMatchers> } | undefined;
function described() {
  if (!cached) {
    const description = withSupplements(loadDescription());
    cached = { description, matchers: compileMatchers(description) };
  }
  return cached;
}

/** Which provider API a sandbox URL belongs to, and its path as the provider's description writes it. */
export function providerPath(url: string): { api: Api; path: string } | undefined {
  const path = url.split('?')[0] ?? '';
  const [, first] = /^\/([^/]+)/.exec(path) ?? [];
  const rest = path.slice((first?.length ?? 0) + 1);
  if (first === 'graph') {
    const inVersion = rest.replace(/^\/v1\.0(?=\/|$)/, '');
    if (inVersion === rest) return { api: 'graph', path: rest };
    return { api: 'graph', path: inVersion.replace(/^\/me(?=\/|$)/, '/users/me') || '/' };
  }
  if (first === 'gmail') return { api: 'gmail', path: rest };
  if (first === 'pubsub') return { api: 'pubsub', path: rest };
  return undefined;
}

/** Registers the checker's hooks on the sandbox plugin. */
export function registerContractHooks(app: FastifyInstance, prefix: string, options: ContractOptions): void {
  const { description, matchers } = described();
  const allowed = new Set(options.allow ?? []);
  const operations = new WeakMap<FastifyRequest, Operation>();
  const report = (found: string[]): string[] => {
    const fresh = found.filter((violation) => !allowed.has(violation));
    options.violations.push(...fresh);
    return fresh;
  };

  app.addHook('onRequest', async (request, reply) => {
    const target = providerPath(request.url.slice(prefix.length));
    if (!target) return undefined;
    const located = locate(matchers, target.api, request.method, target.path);
    if ('violation' in located) return refuse(reply, target.api, report([located.violation]));
    operations.set(request, located.operation);
    const names = [...new URLSearchParams(request.url.split('?')[1] ?? '').keys()];
    return refuse(reply, target.api, report(checkQuery(description, located.operation, names)));
  });

  app.addHook('preHandler', async (request, reply) => {
    const operation = operations.get(request);
    if (!operation || operation.upload || !isJson(request.headers['content-type'])) return undefined;
    const body = request.body;
    const found = operation.body
      ? checkValue(description, operation, operation.body, body, 'request body')
      : hasFields(body)
        ? [`${operation.api} ${operation.method} ${operation.path}: the description takes no request body`]
        : [];
    return refuse(reply, operation.api, report(found));
  });

  app.addHook('onSend', async (request, reply, payload) => {
    const operation = operations.get(request);
    if (!operation || reply.statusCode >= 300 || typeof payload !== 'string' || payload === '')
      return payload;
    if (!isJson(String(reply.getHeader('content-type') ?? ''))) return payload;
    let answer: unknown;
    try {
      answer = JSON.parse(payload);
    } catch {
      return payload; // a 'truncated' fault: the client's own parsing meets it
    }
    report(
      operation.response
        ? checkValue(description, operation, operation.response, answer, 'answer')
        : hasFields(answer)
          ? [`${operation.api} ${operation.method} ${operation.path}: the description has no answer body`]
          : [],
    );
    return payload;
  });
}

function refuse(reply: FastifyReply, api: Api, violations: string[]): FastifyReply | undefined {
  if (violations.length === 0) return undefined;
  const message = `contract: ${violations.join('; ')}`;
  if (api === 'graph') return sendGraphError(reply, 400, 'BadRequest', message);
  return sendGoogleError(reply, googleErrorBody(400, 'INVALID_ARGUMENT', message, { reason: 'badRequest' }));
}

function isJson(contentType: string | undefined): boolean {
  return /json/i.test(contentType ?? '');
}

function hasFields(value: unknown): boolean {
  return value !== null && typeof value === 'object' && Object.keys(value).length > 0;
}
