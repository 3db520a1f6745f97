import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ERROR_CODES } from '@conduit/contracts';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { sendError } from './http-errors.ts';

export const WEB_DIST_DIR = fileURLToPath(new URL('../../../web/dist', import.meta.url));

const SERVER_PREFIXES = ['/api/', '/waitlist/', '/contact/', '/healthz', '/readyz', '/metrics'];
const isServerPath = (url: string) => SERVER_PREFIXES.some((prefix) => url.startsWith(prefix));

/**
 * Serves the built web app: hashed assets cached for a year, index.html revalidated, and every
 * other GET that is not a server path answered with index.html so the SPA router takes it.
 */
export async function registerWebApp(app: FastifyInstance, distDir = WEB_DIST_DIR) {
  const hasBuild = existsSync(path.join(distDir, 'index.html'));
  if (hasBuild) {
    await app.register(fastifyStatic, {
      root: distDir,
      wildcard: false,
      index: false,
      setHeaders(reply, filePath) {
        const isHashedAsset = filePath.includes(`${path.sep}assets${path.sep}`);
        reply.header('cache-control', isHashedAsset ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  } else {
    app.log.warn({ distDir }, 'web app not built: run `npm run build` to serve it');
  }

  app.setNotFoundHandler((request, reply) => {
    const url = request.url.split('?')[0] ?? '/';
    const isPageRequest = (request.method === 'GET' || request.method === 'HEAD') && !isServerPath(url);
    if (isPageRequest && hasBuild) {
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    }
    return sendError(request, reply, 404, ERROR_CODES.NOT_FOUND, `Route ${request.method} ${url} not found`);
  });
}
