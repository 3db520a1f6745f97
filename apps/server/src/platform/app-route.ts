import type { AppRoute } from '@conduit/contracts';
import type {
  ContextConfigDefault,
  FastifyBaseLogger,
  FastifyInstance,
  preHandlerAsyncHookHandler,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
  RouteGenericInterface,
  RouteHandlerMethod,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';

type Part<Route, Name extends string> = Name extends keyof Route ? Route[Name] : undefined;

/**
 * A cookie-API route's Fastify schema, read from its catalogue entry (`defineAppRoute` in
 * packages/contracts): the query, parameters, body and answer the route validates with, under the
 * module's OpenAPI tags. `status` is the success status the answer is sent with.
 */
export function appRouteSchema<const Route extends AppRoute, const Status extends number = 200>(
  route: Route,
  tags: string[],
  status = 200 as Status,
) {
  const schema = {
    tags,
    querystring: route.query as Part<Route, 'query'>,
    params: route.params as Part<Route, 'params'>,
    body: route.body as Part<Route, 'body'>,
    response: (route.response && { [status]: route.response }) as Record<Status, Part<Route, 'response'>>,
  };
  // Parts the route does not have are left out, not set to undefined: Fastify warns about an
  // undefined body or params schema on the HEAD route it adds beside each GET, and a route
  // without a JSON answer (a redirect) has no response schema at all.
  return Object.fromEntries(Object.entries(schema).filter(([, part]) => part !== undefined)) as typeof schema;
}

/** The app (or a scope of it) a module registers its routes on, typed by the zod schemas. */
export type ZodApp = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>;

/**
 * Registers a cookie-API route at its catalogue entry's method and path, with `appRouteSchema`:
 * the request the handler gets and the answer it sends are typed by the entry's schemas.
 */
export function addAppRoute<const Route extends AppRoute, const Status extends number = 200>(
  app: ZodApp,
  route: Route,
  options: { tags: string[]; status?: Status; preHandler?: preHandlerAsyncHookHandler },
  handler: RouteHandlerMethod<
    RawServerDefault,
    RawRequestDefaultExpression,
    RawReplyDefaultExpression,
    RouteGenericInterface,
    ContextConfigDefault,
    ReturnType<typeof appRouteSchema<Route, Status>>,
    ZodTypeProvider
  >,
) {
  const { tags, status, preHandler } = options;
  app.route({
    method: route.method,
    url: route.path,
    schema: appRouteSchema(route, tags, status),
    ...(preHandler && { preHandler }),
    handler,
  });
}
