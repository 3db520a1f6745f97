import { type FastifyInstance, LogController } from 'fastify';
import type { Logger } from 'pino';
import { redactUrl } from './logger.ts';

/**
 * The development terminal's request lines: Fastify's own request logging writes two records of
 * a dozen pretty lines for every request, static files included, which buried the one line a
 * newcomer looks for (the verification link). In development it is off and each API request
 * gets one short line instead; static files and the SPA's pages get none.
 */
export const logsApiRequestsOnly = (format: 'json' | 'pretty') => format === 'pretty';

/** Fastify's own incoming/completed records off; its error records stay. */
export const quietRequestLogs = () => new LogController({ disableRequestLogging: true });

export const devRequestLine = (method: string, url: string, status: number, elapsedMs: number) =>
  `${method} ${redactUrl(url)} ${status} ${Math.round(elapsedMs)}ms`;

export function registerDevRequestLog(app: FastifyInstance, log: Logger) {
  app.addHook('onResponse', async (request, reply) => {
    if (!request.url.startsWith('/api/')) return;
    log.info(devRequestLine(request.method, request.url, reply.statusCode, reply.elapsedTime));
  });
}
