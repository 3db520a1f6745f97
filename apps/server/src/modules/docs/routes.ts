import { OPENAPI_PATH } from '@conduit/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Services } from '../../platform/services.ts';
import { buildOpenApiDocument } from './build-openapi.ts';

/**
 * The public API's OpenAPI 3.1 document: public, built once per process (it depends only on code and
 * PUBLIC_URL). Browsers on other origins may read it (platform/cors.ts).
 */
export const docsRoutes = (services: Services): FastifyPluginAsyncZod =>
  async function routes(app) {
    const body = JSON.stringify(buildOpenApiDocument({ serverUrl: services.config.PUBLIC_URL }));
    app.get(OPENAPI_PATH, { schema: { hide: true } }, async (_request, reply) =>
      reply.type('application/json; charset=utf-8').header('cache-control', 'public, max-age=300').send(body),
    );
  };
