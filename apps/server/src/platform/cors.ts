import { OPENAPI_PATH } from '@conduit/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';

/** Authenticated by X-API-Key or a Bearer key, which a browser never attaches on its own: any origin may call it. */
const PUBLIC_API_PREFIX = '/api/provider/';
/** Public documents other sites may read (docs generators, API explorers). */
const PUBLIC_DOCUMENTS = new Set([OPENAPI_PATH]);

export const CORS_ALLOWED_METHODS = 'GET, POST, OPTIONS';
export const CORS_ALLOWED_HEADERS =
  'X-API-Key, Authorization, Content-Type, Idempotency-Key, Conduit-Version';
export const CORS_EXPOSED_HEADERS =
  'RateLimit, RateLimit-Policy, Retry-After, X-Request-Id, Conduit-Version, X-Credits-Charged, X-Credits-Refunded, X-Credits-Remaining, Idempotent-Replayed';
const PREFLIGHT_MAX_AGE_S = '7200';

const pathOf = (url: string) => url.split('?')[0] ?? url;
const isPublicApi = (url: string) => pathOf(url).startsWith(PUBLIC_API_PREFIX);

/**
 * CORS for the public API only. Its answers carry `Access-Control-Allow-Origin: *` and never
 * `Allow-Credentials`, so a browser on another site may call it with a key but never with our
 * cookies. The cookie API (every other /api/ path) sends no CORS header at all: another site's
 * page cannot read its answers, and csrf.ts refuses its cross-site state changes.
 */
export function corsHeadersFor(request: FastifyRequest): Record<string, string> {
  if (request.headers.origin === undefined) return {};
  const url = pathOf(request.url);
  if (isPublicApi(url)) {
    return { 'access-control-allow-origin': '*', 'access-control-expose-headers': CORS_EXPOSED_HEADERS };
  }
  if (PUBLIC_DOCUMENTS.has(url) && request.method === 'GET') return { 'access-control-allow-origin': '*' };
  return {};
}

export function registerCors(app: FastifyInstance) {
  app.addHook('onRequest', async (request, reply) => {
    reply.headers(corsHeadersFor(request));
  });

  // Preflights carry no key: they are answered here, before any route's key check.
  app.options('/api/provider/*', { schema: { hide: true } }, async (_request, reply) =>
    reply
      .status(204)
      .header('access-control-allow-origin', '*')
      .header('access-control-allow-methods', CORS_ALLOWED_METHODS)
      .header('access-control-allow-headers', CORS_ALLOWED_HEADERS)
      .header('access-control-max-age', PREFLIGHT_MAX_AGE_S)
      .send(),
  );
}
