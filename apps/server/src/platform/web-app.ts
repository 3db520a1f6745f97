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
/** Pages under a server prefix: a browser navigating there (Accept: text/html) gets the app. */
const PAGES_UNDER_SERVER_PREFIXES = new Set(['/waitlist/verify', '/waitlist/status']);
const isBrowserPage = (url: string, accept: string | undefined) =>
  PAGES_UNDER_SERVER_PREFIXES.has(url) && (accept ?? '').includes('text/html');
/** The prerendered waitlist landing (docs/waitlist.md), served for every page in waitlist mode. */
const WAITLIST_PAGE = 'waitlist.html';
/** Pages prerendered into files of their own (apps/web/src/prerender/prerendered-docs.ts). */
const PRERENDERED_PAGES: Record<string, string> = { '/docs': 'docs.html' };

export interface WebAppOptions {
  isWaitlistMode?: boolean;
}

/**
 * Serves the built web app: hashed assets cached for a year, index.html revalidated, and every
 * other GET that is not a server path answered with index.html so the SPA router takes it.
 */
export async function registerWebApp(
  app: FastifyInstance,
  distDir = WEB_DIST_DIR,
  options: WebAppOptions = {},
) {
  const page = options.isWaitlistMode ? WAITLIST_PAGE : 'index.html';
  const hasBuild = existsSync(path.join(distDir, page));
  // In waitlist mode every page is the waitlist; otherwise a prerendered page answers its own path.
  const ownPages = new Map(
    Object.entries(PRERENDERED_PAGES).filter(
      ([, file]) => !options.isWaitlistMode && existsSync(path.join(distDir, file)),
    ),
  );
  const pageFor = (url: string) => ownPages.get(url) ?? page;
  if (hasBuild) {
    await app.register(fastifyStatic, {
      root: distDir,
      wildcard: false,
      index: false,
      // In waitlist mode the regular landing is not reachable, not even as /index.html.
      allowedPath: (pathName) => !(options.isWaitlistMode && pathName === '/index.html'),
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
    const isPageRequest =
      (request.method === 'GET' || request.method === 'HEAD') &&
      (!isServerPath(url) || isBrowserPage(url, request.headers.accept));
    if (isPageRequest && hasBuild) {
      return reply.header('cache-control', 'no-cache').sendFile(pageFor(url));
    }
    return sendError(request, reply, ERROR_CODES.NOT_FOUND, `Route ${request.method} ${url} not found`);
  });
}
