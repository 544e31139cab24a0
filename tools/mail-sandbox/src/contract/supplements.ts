import type { Description, Operation, TypeDescription } from './description';

/**
 * What the providers document but the SDK packages do not carry, each with the page that promises it. Nothing
 * goes here without such a page: docs/provider-contracts.md lists them with their justification.
 */
const OPERATIONS: Operation[] = [
  {
    // https://learn.microsoft.com/graph/api/attachment-get ("Get the raw contents of a file attachment")
    api: 'graph',
    method: 'GET',
    path: '/users/{user-id}/messages/{message-id}/attachments/{attachment-id}/$value',
    query: [],
    source: 'learn.microsoft.com/graph/api/attachment-get',
  },
  {
    // https://learn.microsoft.com/graph/json-batching
    api: 'graph',
    method: 'POST',
    path: '/$batch',
    query: [],
    body: 'graph:supplement#BatchRequest',
    response: 'graph:supplement#BatchResponse',
    source: 'learn.microsoft.com/graph/json-batching',
  },
  {
    // https://developers.google.com/gmail/api/guides/batch: multipart/mixed, each part checked when replayed.
    api: 'gmail',
    method: 'POST',
    path: '/batch/gmail/v1',
    query: [],
    upload: true,
    source: 'developers.google.com/gmail/api/guides/batch',
  },
];

const TYPES: Record<string, TypeDescription> = {
  'graph:supplement#BatchRequest': {
    fields: { requests: { type: 'graph:supplement#BatchRequestStep', array: true } },
  },
  'graph:supplement#BatchRequestStep': {
    fields: {
      id: { type: 'scalar' },
      method: { type: 'scalar' },
      url: { type: 'scalar' },
      headers: { type: 'any' },
      body: { type: 'any' },
      dependsOn: { type: 'scalar', array: true },
    },
  },
  'graph:supplement#BatchResponse': {
    fields: {
      responses: { type: 'graph:supplement#BatchResponseStep', array: true },
      '@odata.nextLink': { type: 'scalar' },
    },
  },
  'graph:supplement#BatchResponseStep': {
    fields: {
      id: { type: 'scalar' },
      status: { type: 'scalar' },
      headers: { type: 'any' },
      // Each step's body was checked when the sandbox answered the replayed step.
      body: { type: 'any' },
    },
  },
};

/**
 * Query parameters a service puts in the links it hands out (delta's @odata.nextLink/@odata.deltaLink carry
 * $skiptoken/$deltatoken: https://learn.microsoft.com/graph/delta-query-messages), which the SDK's templates
 * leave out because a client follows the link as given.
 */
const LINK_QUERY: Record<string, string[]> = {
  '/users/{user-id}/mailFolders/{mailFolder-id}/messages/delta()': ['$skiptoken', '$deltatoken'],
  '/users/{user-id}/messages': ['$skiptoken'],
  '/users/{user-id}/mailFolders/{mailFolder-id}/messages': ['$skiptoken'],
};

/**
 * Fields of an answer that the service documents outside the resource type: a delta answer marks a deleted or
 * moved-out item with `@removed` (https://learn.microsoft.com/graph/delta-query-overview#resource-representation-in-the-delta-query-response).
 */
export const DELTA_ITEM_FIELDS = ['@removed'];

/**
 * OData control information Graph may put on any object (OData JSON Format 4.01 §4.5: context, etag, type,
 * id; §4.5.9 mediaContentType on a media entity such as a fileAttachment, as attachment-get's examples show).
 */
export const GRAPH_ANNOTATIONS = [
  '@odata.context',
  '@odata.etag',
  '@odata.type',
  '@odata.id',
  '@odata.mediaContentType',
];

export function withSupplements(description: Description): Description {
  const operations = description.operations.map((operation) =>
    operation.api === 'graph' && LINK_QUERY[operation.path] && operation.method === 'GET'
      ? { ...operation, query: [...operation.query, ...(LINK_QUERY[operation.path] ?? [])] }
      : operation,
  );
  return {
    ...description,
    operations: [...operations, ...OPERATIONS],
    types: { ...description.types, ...TYPES },
  };
}
