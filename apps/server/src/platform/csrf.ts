import type { FastifyInstance } from 'fastify';
import { Forbidden } from './errors.ts';

const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/** Paths authenticated by something a browser does not attach on its own (API keys, signatures). */
const EXEMPT_PREFIXES = ['/api/provider/', '/api/payments/webhook'];

/**
 * Session cookies are SameSite=Lax, and on top of that a state-changing request from another
 * site is refused: browsers send Origin (and Sec-Fetch-Site) with every cross-origin POST, so a
 * forged form or fetch from elsewhere never reaches an operation. Requests without these
 * headers are not from a browser page and carry no ambient cookie risk.
 */
export function registerCsrfProtection(app: FastifyInstance, publicUrl: string) {
  const trustedOrigin = new URL(publicUrl).origin;
  app.addHook('onRequest', async (request) => {
    if (!UNSAFE_METHODS.has(request.method)) return;
    if (EXEMPT_PREFIXES.some((prefix) => request.url.startsWith(prefix))) return;
    const site = request.headers['sec-fetch-site'];
    if (site === 'cross-site') throw new Forbidden('Cross-site request refused');
    const origin = request.headers.origin;
    if (origin === undefined) return;
    const ownOrigin = `${request.protocol}://${request.host}`;
    if (origin !== trustedOrigin && origin !== ownOrigin) throw new Forbidden('Cross-site request refused');
  });
}
