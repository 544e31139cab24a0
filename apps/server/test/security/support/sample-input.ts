import { z } from 'zod';
import type { ApiRoute } from '../../../src/http/define-route';

type Json = Record<string, unknown>;
/** The ids of one user's data, by what they name. */
export type OwnedIds = {
  integrationId: string;
  itemId: string;
  threadKey: string;
  messageId: string;
  threadId: string;
  sourceId: string;
  templateId: string;
  actionId: string;
  /** A message held for undo send (send-office365-email with holdSeconds). */
  outgoingId: string;
  /** The user's own id (a firm member id) and a pending invitation of their firm. */
  userId: string;
  invitationId: string;
  /** An internal comment on the owned thread. */
  commentId: string;
  /** A work item the owned thread is filed to. */
  workItemId: string;
  /** A personal rule of the user (decision 025). */
  ruleId: string;
};

/** Body and param fields that name a user's data, and which of that user's ids each takes. */
const ID_FIELDS: Record<string, (ids: OwnedIds) => unknown> = {
  integrationId: (ids) => ids.integrationId,
  email_integration_id: (ids) => ids.integrationId,
  messageId: (ids) => ids.messageId,
  email_message_id: (ids) => ids.messageId,
  originalMessageId: (ids) => ids.messageId,
  threadId: (ids) => ids.threadId,
  triageItemId: (ids) => ids.itemId,
  ids: (ids) => [ids.itemId],
  threadKey: (ids) => ids.threadKey,
  workItemId: (ids) => ids.workItemId,
};

/** A path `:id` takes the id of the resource its path names. */
function idForPath(path: string, ids: OwnedIds): string {
  if (path.includes('/triage/items/')) return ids.itemId;
  if (path.includes('/integrations/')) return ids.integrationId;
  if (path.includes('/notification-sources/')) return ids.sourceId;
  if (path.includes('/templates/')) return ids.templateId;
  if (path.includes('/triage/actions/')) return ids.actionId;
  if (path.includes('/outgoing/')) return ids.outgoingId;
  if (path.includes('/firm/members/')) return ids.userId;
  if (path.includes('/triage/comments/')) return ids.commentId;
  if (path.includes('/firm/invitations/')) return ids.invitationId;
  if (path.includes('/firm/shared-mailboxes/')) return ids.integrationId;
  if (path.includes('/rules/')) return ids.ruleId;
  throw new Error(`no owned id is known for :id in ${path}: teach security/support/sample-input.ts`);
}

const toJson = (schema: z.ZodType) => z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as Json;

/** Whether a route names some user's data in its path or body (the BOLA sweep calls these). */
export function takesOwnedIds(route: ApiRoute): boolean {
  if (route.params) return true;
  if (!route.body) return false;
  return Object.keys(propertiesOf(toJson(route.body))).some((name) => name in ID_FIELDS);
}

function propertiesOf(json: Json): Record<string, Json> {
  const branch = (json.anyOf as Json[] | undefined)?.[0] ?? json;
  return (branch.properties as Record<string, Json> | undefined) ?? {};
}

/** A valid-looking value for a JSON Schema property (not an id). */
function sampleValue(name: string, json: Json): unknown {
  if (json.default !== undefined) return json.default;
  if (Array.isArray(json.enum)) return json.enum[0];
  if (json.const !== undefined) return json.const;
  const type = Array.isArray(json.type) ? json.type[0] : json.type;
  if (type === 'boolean') return true;
  if (type === 'integer' || type === 'number') return typeof json.minimum === 'number' ? json.minimum : 1;
  if (type === 'array') return [sampleValue(name, (json.items as Json) ?? {})];
  if (type === 'object') return sampleBodyFrom(json, null);
  if (json.format === 'uuid') return crypto.randomUUID();
  if (json.format === 'date-time') return new Date(Date.now() + 86_400_000).toISOString();
  if (json.format === 'uri' || /uri|url/i.test(name)) return 'http://localhost:3000/integrations/email';
  if (json.format === 'email' || /^(to|cc|email)$/.test(name)) return 'sweep@example.test';
  if (/password/i.test(name)) return 'sweep-pass-42';
  return 'sweep';
}

function sampleBodyFrom(json: Json, ids: OwnedIds | null, onlyIdField?: string): Json {
  const branch = (json.anyOf as Json[] | undefined)?.[0] ?? json;
  const properties = propertiesOf(branch);
  const required = new Set((branch.required as string[] | undefined) ?? []);
  const body: Json = {};
  for (const [name, property] of Object.entries(properties)) {
    const idOf = ID_FIELDS[name];
    const isWanted = onlyIdField === undefined || onlyIdField === name || required.has(name);
    if (ids && idOf && isWanted) body[name] = idOf(ids);
    else if (required.has(name)) body[name] = sampleValue(name, property);
  }
  // A body with nothing required still needs one field (a patch): the first one.
  const [first] = Object.entries(properties);
  if (Object.keys(body).length === 0 && first) body[first[0]] = sampleValue(first[0], first[1]);
  return body;
}

/** A body the route's schema accepts, naming `ids` wherever it takes an id (random ids when null). */
export function sampleBody(route: ApiRoute, ids: OwnedIds | null): Json | undefined {
  return route.body ? sampleBodyFrom(toJson(route.body), ids) : undefined;
}

/**
 * Bodies naming `ids`: one with every id field, and one per optional id field on its own, so that a route
 * which checks one id but trusts another (a reply's triageItemId next to the sender's own mailbox) is caught.
 */
export function sampleBodies(route: ApiRoute, ids: OwnedIds): Json[] {
  if (!route.body) return [];
  const json = toJson(route.body);
  const branch = (json.anyOf as Json[] | undefined)?.[0] ?? json;
  const required = new Set((branch.required as string[] | undefined) ?? []);
  const optionalIds = Object.keys(propertiesOf(json)).filter(
    (name) => name in ID_FIELDS && !required.has(name),
  );
  return [sampleBodyFrom(json, ids), ...optionalIds.map((name) => sampleBodyFrom(json, ids, name))];
}

/** The route's path with its parameters filled from `ids` (random, well-formed ones when null). */
export function samplePath(route: ApiRoute, ids: OwnedIds | null): string {
  return route.path.replace(/:(\w+)/g, (_match, name: string) => {
    if (!ids) return name === 'threadKey' ? `single-${crypto.randomUUID()}` : crypto.randomUUID();
    const value = name === 'id' ? idForPath(route.path, ids) : ID_FIELDS[name]?.(ids);
    if (typeof value !== 'string')
      throw new Error(
        `no owned id is known for :${name} in ${route.path}: teach security/support/sample-input.ts`,
      );
    return encodeURIComponent(value);
  });
}
