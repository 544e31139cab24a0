import type { FastifyReply, FastifyRequest } from 'fastify';

export type GraphView = {
  /** `Prefer: IdType="ImmutableId"`: ids stay stable across moves. */
  isImmutable: boolean;
  /** `Prefer: outlook.body-content-type="text"`. */
  prefersText: boolean;
  /** Lower-cased `$select` property names, when given. */
  select?: Set<string>;
  expandAttachments: boolean;
};

function preferHeader(request: FastifyRequest): string {
  const value = request.headers.prefer;
  return Array.isArray(value) ? value.join(',') : (value ?? '');
}

export function maxPageSize(request: FastifyRequest): number | undefined {
  const match = /odata\.maxpagesize\s*=\s*(\d+)/i.exec(preferHeader(request));
  return match?.[1] ? Number(match[1]) : undefined;
}

export function parseSelect(value: unknown): Set<string> | undefined {
  if (typeof value !== 'string' || value.trim() === '') return undefined;
  return new Set(
    value
      .split(',')
      .map((name) => name.trim().toLowerCase())
      .filter(Boolean),
  );
}

/** Reads the Prefer header and OData options that shape message JSON, echoing Preference-Applied. */
export function graphView(request: FastifyRequest, reply: FastifyReply, selectOverride?: string): GraphView {
  const prefer = preferHeader(request);
  const isImmutable = /IdType\s*=\s*"?ImmutableId"?/i.test(prefer);
  const prefersText = /outlook\.body-content-type\s*=\s*"?text"?/i.test(prefer);
  const applied: string[] = [];
  if (isImmutable) applied.push('IdType="ImmutableId"');
  if (prefersText) applied.push('outlook.body-content-type="text"');
  if (applied.length > 0) addPreferenceApplied(reply, applied.join(', '));
  const query = request.query as Record<string, unknown>;
  const select = parseSelect(selectOverride ?? query.$select);
  const expand = typeof query.$expand === 'string' ? query.$expand.toLowerCase() : '';
  return {
    isImmutable,
    prefersText,
    ...(select ? { select } : {}),
    expandAttachments: expand.includes('attachments'),
  };
}

/** Adds to Preference-Applied (several preferences can apply to one response). */
export function addPreferenceApplied(reply: FastifyReply, value: string): void {
  const existing = reply.getHeader('Preference-Applied');
  reply.header('Preference-Applied', existing ? `${String(existing)}, ${value}` : value);
}
