import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Services } from '../../platform/services.ts';
import { buildOpenApiDocument } from './build-openapi.ts';

export const OPENAPI_PATH = '/api/openapi.json';

/** The public API's OpenAPI 3.1 document: public, built once per process (it depends only on code and PUBLIC_URL). */
export const docsRoutes = (services: Services): FastifyPluginAsyncZod =>
  async function routes(app) {
    const body = JSON.stringify(buildOpenApiDocument({ serverUrl: services.config.PUBLIC_URL }));
    app.get(OPENAPI_PATH, { schema: { hide: true } }, async (_request, reply) =>
      reply
        .type('application/json; charset=utf-8')
        // Public and credential-free, so API tools in any browser origin may load it.
        .header('access-control-allow-origin', '*')
        .header('cache-control', 'public, max-age=300')
        .send(body),
    );
  };
