import fastifyCompress from '@fastify/compress';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { creditsRoutes } from './modules/credits/routes.ts';
import { systemRoutes } from './modules/system/routes.ts';
import { registerErrorHandling } from './platform/http-errors.ts';
import { newId } from './platform/ids.ts';
import { registerRequestMetrics } from './platform/metrics.ts';
import type { Services } from './platform/services.ts';
import { registerWebApp } from './platform/web-app.ts';

export const BODY_LIMIT_BYTES = 1_048_576;
const REQUEST_ID_PATTERN = /^[A-Za-z0-9._:-]{1,128}$/;

export interface BuildAppOptions {
  webDistDir?: string;
}

/** The HTTP application: every module's routes on one Fastify instance, no listening yet. */
export async function buildApp(services: Services, options: BuildAppOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    loggerInstance: services.log as FastifyBaseLogger,
    bodyLimit: BODY_LIMIT_BYTES,
    // Keep a caller's request id when it is safe to echo; otherwise mint one.
    genReqId: (request) => {
      const incoming = request.headers['x-request-id'];
      return typeof incoming === 'string' && REQUEST_ID_PATTERN.test(incoming) ? incoming : newId('req');
    },
    requestIdHeader: false,
    forceCloseConnections: 'idle',
    return503OnClosing: true,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);
  registerRequestMetrics(app, services.metrics);

  // Keep-alive connections would hold shutdown open: once closing, each answer ends its connection.
  let isClosing = false;
  app.addHook('preClose', async () => {
    isClosing = true;
  });
  app.addHook('onSend', async (_request, reply) => {
    if (isClosing) reply.header('connection', 'close');
  });

  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
    reply.header('x-content-type-options', 'nosniff');
    reply.header('referrer-policy', 'strict-origin-when-cross-origin');
    reply.header('x-frame-options', 'DENY');
  });

  await app.register(fastifyCompress, { threshold: 1024, encodings: ['br', 'gzip'] });
  await app.register(systemRoutes(services));
  await app.register(creditsRoutes);
  await registerWebApp(app, options.webDistDir);
  return app;
}
