import { AUTH_MESSAGES } from '@ledgerdesk/domain/auth/messages';
import { API_ERROR_CODES } from '@ledgerdesk/domain/http/api-error';
import { UNSAFE_TEXT_MESSAGE } from '@ledgerdesk/domain/http/unsafe-text';
import { INVALID_DATA_FORMAT, ITEM_PERMISSION_DENIED } from '@ledgerdesk/domain/triage/item-update-messages';
import { z } from 'zod';
import type { ApiRoute } from '../http/define-route';

type JsonObject = Record<string, unknown>;

const toSchema = (schema: z.ZodType): JsonObject =>
  // Input side (what a client sends); transforms and refinements have no JSON Schema form and are left open.
  z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any', target: 'draft-2020-12' }) as JsonObject;

const ERROR_SCHEMA: JsonObject = {
  type: 'object',
  required: ['error'],
  properties: {
    error: {
      type: 'object',
      required: ['code', 'message'],
      properties: {
        code: { type: 'string', description: 'A machine code', examples: [...API_ERROR_CODES] },
        message: {
          type: 'string',
          description: "A sentence for the user: the spec's text where it has one.",
        },
        details: { description: 'Validation issues, when there are several.' },
        requestId: { type: 'string', description: 'On 5xx answers: quote it to find the cause in the logs.' },
      },
    },
  },
};

const errorAnswer = (description: string, example: { code: string; message: string }): JsonObject => ({
  description,
  content: {
    'application/json': { schema: { $ref: '#/components/schemas/Error' }, example: { error: example } },
  },
});

/** The answers every route may give besides its success. */
function errorAnswers(route: ApiRoute): JsonObject {
  return {
    '400': errorAnswer(
      'Bad input: a field, a NUL character or broken Unicode, or a value the database refuses.',
      {
        code: 'validation_failed',
        message: `fullName: ${UNSAFE_TEXT_MESSAGE}`,
      },
    ),
    ...(route.needsSession
      ? {
          '401': errorAnswer('Not signed in.', {
            code: 'unauthorized',
            message: 'You must be logged in to do that.',
          }),
        }
      : {}),
    '403': errorAnswer('Refused: another user’s data, or a cross-site request.', {
      code: 'permission_denied',
      message: ITEM_PERMISSION_DENIED,
    }),
    '500': errorAnswer('Our failure; the cause is logged with the request id.', {
      code: 'internal_error',
      message: AUTH_MESSAGES.unexpectedError,
    }),
  };
}

function parametersOf(route: ApiRoute): JsonObject[] {
  const list: JsonObject[] = [];
  for (const [location, schema] of [
    ['path', route.params],
    ['query', route.query],
  ] as const) {
    if (!schema) continue;
    const json = toSchema(schema) as { properties?: Record<string, JsonObject>; required?: string[] };
    for (const [name, property] of Object.entries(json.properties ?? {})) {
      list.push({
        name,
        in: location,
        required: location === 'path' || Boolean(json.required?.includes(name)),
        schema: property,
      });
    }
  }
  return list;
}

/** The OpenAPI 3.1 document of the HTTP API, generated from the routes' declarations (`app.apiRoutes`). */
export function buildOpenApi(serverUrl: string, routes: readonly ApiRoute[]): JsonObject {
  const paths: Record<string, Record<string, JsonObject>> = {};
  for (const route of routes) {
    const path = route.path.replace(/:(\w+)/g, '{$1}');
    const operation: JsonObject = {
      summary: route.summary,
      operationId: `${route.method.toLowerCase()}${path.replace(/[^a-zA-Z0-9]+(.)?/g, (_m, c: string) => (c ? c.toUpperCase() : ''))}`,
      ...(route.needsSession ? {} : { security: [] }),
      parameters: parametersOf(route),
      ...(route.body
        ? {
            requestBody: {
              required: true,
              content: { 'application/json': { schema: toSchema(route.body) } },
            },
          }
        : {}),
      ...(route.isMultipart
        ? {
            requestBody: {
              required: true,
              content: {
                'multipart/form-data': {
                  schema: { type: 'object', properties: { file: { type: 'string', format: 'binary' } } },
                },
              },
            },
          }
        : {}),
      responses: { '200': { description: 'Done.' }, ...errorAnswers(route) },
    };
    paths[path] = { ...paths[path], [route.method.toLowerCase()]: operation };
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Ledgerdesk API',
      version: '1.0.0',
      description: `Every error answers {error: {code, message}}. Texts of the product spec, for reference: "${INVALID_DATA_FORMAT}", "${ITEM_PERMISSION_DENIED}", "${AUTH_MESSAGES.unexpectedError}".`,
    },
    servers: [{ url: serverUrl }],
    components: {
      schemas: { Error: ERROR_SCHEMA },
      securitySchemes: { session: { type: 'apiKey', in: 'cookie', name: 'better-auth.session_token' } },
    },
    security: [{ session: [] }],
    paths,
  };
}
