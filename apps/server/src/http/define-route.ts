import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { requireUser, type SessionUser } from '../auth/require-user';
import { parseInput } from './parse-input';

/** One /api route as the OpenAPI document and the security suite's sweeps see it. */
export type ApiRoute = {
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  path: string;
  summary: string;
  /** False for the few routes a signed-out caller may use. */
  needsSession: boolean;
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  /** The body is multipart/form-data (the avatar upload), not JSON. */
  isMultipart?: boolean;
  /** A read every signed-in user may make of anyone's resource (avatars: spec §7 "public URL"). */
  isSharedRead?: boolean;
};

declare module 'fastify' {
  interface FastifyInstance {
    /** Every declared /api route, in registration order: OpenAPI and the sweeps are built from it. */
    apiRoutes: readonly ApiRoute[];
  }
  interface FastifyContextConfig {
    apiRoute?: ApiRoute;
  }
}

/**
 * Who may call: `'public'`, a signed-in user (401 "You must be logged in to {action}." otherwise), or a
 * route's own session check (one that answers in other words).
 */
export type RouteAuth = 'public' | { action: string } | ((request: FastifyRequest) => SessionUser);

type Parsed<S> = S extends z.ZodType ? z.infer<S> : undefined;

export type RouteContext<A extends RouteAuth, P, Q, B> = {
  request: FastifyRequest;
  reply: FastifyReply;
  user: A extends 'public' ? SessionUser | null : SessionUser;
  params: Parsed<P>;
  query: Parsed<Q>;
  body: Parsed<B>;
};

export type RouteDefinition<A extends RouteAuth, P, Q, B> = Omit<
  ApiRoute,
  'needsSession' | 'params' | 'query' | 'body'
> & {
  auth: A;
  params?: P;
  query?: Q;
  body?: B;
  /** Runs after the session check and before the input is validated (a refusal the spec words itself). */
  beforeInput?: (request: FastifyRequest) => void;
  /** Validates the params in the route's own way (avatar files answer 404, not 400) instead of parseInput. */
  parseParams?: (params: unknown) => Parsed<P>;
  /** Validates the body in the route's own words instead of parseInput's `field: message`. */
  parseBody?: (body: unknown) => Parsed<B>;
  /** A tighter body limit (bytes) than the app's, for bodies from the internet (webhooks); 413 beyond it. */
  bodyLimit?: number;
};

/** Starts collecting declarations: routes registered with `config.apiRoute`, and `declareRoute` calls. */
export function registerRouteDeclarations(app: FastifyInstance): void {
  const routes: ApiRoute[] = [];
  app.decorate('apiRoutes', routes);
  app.addHook('onRoute', (route) => {
    const declared = route.config?.apiRoute;
    if (declared && [route.method].flat().includes(declared.method)) routes.push(declared);
  });
}

/**
 * Declares a route registered another way (better-auth's catch-all, the event stream, avatar files):
 * documented and swept like the rest, answered by whoever registered it.
 */
export function declareRoute(app: FastifyInstance, route: ApiRoute): void {
  (app.apiRoutes as ApiRoute[]).push(route);
}

/**
 * Registers an /api route and declares it in one place. Before the handler runs, the session is checked,
 * then params, query and body are validated in that order (parseInput's 400s), and the handler gets them parsed.
 */
export function defineRoute<
  A extends RouteAuth,
  P extends z.ZodType | undefined = undefined,
  Q extends z.ZodType | undefined = undefined,
  B extends z.ZodType | undefined = undefined,
>(
  app: FastifyInstance,
  definition: RouteDefinition<A, P, Q, B>,
  handler: (context: RouteContext<A, P, Q, B>) => unknown,
): void {
  const { auth, beforeInput, parseParams, parseBody, params, query, body, bodyLimit, ...rest } = definition;
  const apiRoute: ApiRoute = {
    ...rest,
    needsSession: auth !== 'public',
    ...(params ? { params } : {}),
    ...(query ? { query } : {}),
    ...(body ? { body } : {}),
  };
  const userOf = (request: FastifyRequest): SessionUser | null =>
    auth === 'public'
      ? request.user
      : typeof auth === 'function'
        ? auth(request)
        : requireUser(request, auth.action);
  app.route({
    method: definition.method,
    url: definition.path,
    config: { apiRoute },
    ...(bodyLimit ? { bodyLimit } : {}),
    handler: async (request, reply) => {
      const user = userOf(request);
      beforeInput?.(request);
      const context = {
        request,
        reply,
        user,
        params: parseParams
          ? parseParams(request.params)
          : params
            ? parseInput(params, request.params)
            : undefined,
        query: query ? parseInput(query, request.query) : undefined,
        body: parseBody ? parseBody(request.body) : body ? parseInput(body, request.body) : undefined,
      } as RouteContext<A, P, Q, B>;
      return handler(context);
    },
  });
}

/** Fastify's form of a route key: `GET /api/triage/items/:id`. */
export const routeKey = (route: { method: string; path: string }) => `${route.method} ${route.path}`;
