import type { FastifyReply } from 'fastify';

export type GoogleErrorItem = {
  message: string;
  domain: string;
  reason: string;
  location?: string;
  locationType?: string;
};
export type GoogleErrorBody = {
  error: { code: number; message: string; errors: GoogleErrorItem[]; status: string; details?: unknown[] };
};

export function googleErrorBody(
  code: number,
  status: string,
  message: string,
  item: Partial<GoogleErrorItem> & { reason: string },
  details?: unknown[],
): GoogleErrorBody {
  return {
    error: {
      code,
      message,
      errors: [{ message: item.message ?? message, domain: item.domain ?? 'global', ...item }],
      status,
      ...(details ? { details } : {}),
    },
  };
}

export function sendGoogleError(reply: FastifyReply, body: GoogleErrorBody): FastifyReply {
  return reply.code(body.error.code).type('application/json; charset=UTF-8').send(body);
}

export const NOT_FOUND_MESSAGE = 'Requested entity was not found.';

export function sendNotFound(reply: FastifyReply): FastifyReply {
  return sendGoogleError(reply, googleErrorBody(404, 'NOT_FOUND', NOT_FOUND_MESSAGE, { reason: 'notFound' }));
}

export function sendInvalidArgument(reply: FastifyReply, message: string): FastifyReply {
  return sendGoogleError(
    reply,
    googleErrorBody(400, 'INVALID_ARGUMENT', message, { reason: 'invalidArgument' }),
  );
}

export function unauthenticatedBody(): GoogleErrorBody {
  return googleErrorBody(
    401,
    'UNAUTHENTICATED',
    'Request had invalid authentication credentials. Expected OAuth 2 access token, login cookie or other valid authentication credential. See https://developers.google.com/identity/sign-in/web/devconsole-project.',
    {
      message: 'Invalid Credentials',
      reason: 'authError',
      location: 'Authorization',
      locationType: 'header',
    },
  );
}

export function insufficientScopesBody(): GoogleErrorBody {
  return googleErrorBody(
    403,
    'PERMISSION_DENIED',
    'Request had insufficient authentication scopes.',
    { message: 'Insufficient Permission', reason: 'insufficientPermissions' },
    [
      {
        '@type': 'type.googleapis.com/google.rpc.ErrorInfo',
        reason: 'ACCESS_TOKEN_SCOPE_INSUFFICIENT',
        domain: 'googleapis.com',
        metadata: { service: 'gmail.googleapis.com' },
      },
    ],
  );
}

/**
 * Google's answer to a call over a per-minute usage limit (the errors guide's "403: Usage limit exceeded"):
 * the user's (userRateLimitExceeded) or the project's (rateLimitExceeded). No Retry-After: back off and retry.
 */
export function usageLimitBody(limit: 'user' | 'project'): GoogleErrorBody {
  const message = limit === 'user' ? 'User Rate Limit Exceeded' : 'Rate Limit Exceeded';
  return googleErrorBody(403, 'PERMISSION_DENIED', message, {
    domain: 'usageLimits',
    reason: limit === 'user' ? 'userRateLimitExceeded' : 'rateLimitExceeded',
  });
}

export function rateLimitBody(): GoogleErrorBody {
  return googleErrorBody(429, 'RESOURCE_EXHAUSTED', 'User-rate limit exceeded.', {
    domain: 'usageLimits',
    reason: 'rateLimitExceeded',
  });
}

export function backendErrorBody(code: 500 | 503): GoogleErrorBody {
  return code === 500
    ? googleErrorBody(500, 'INTERNAL', 'Internal error encountered.', {
        message: 'Backend Error',
        reason: 'backendError',
      })
    : googleErrorBody(503, 'UNAVAILABLE', 'The service is currently unavailable.', {
        reason: 'backendError',
      });
}
