import {
  API_VERSION_HEADER,
  CURRENT_API_VERSION,
  isApiVersion,
  OPENAPI_PATH,
  unknownApiVersionMessage,
} from '@conduit/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ValidationFailed } from './errors.ts';

const HEADER = API_VERSION_HEADER.toLowerCase();

/** The public API: the key-authenticated endpoints, result files and the OpenAPI document. */
const isPublicApi = (url: string) => {
  const path = url.split('?')[0] ?? url;
  return path.startsWith('/api/provider/') || path.startsWith('/files/') || path === OPENAPI_PATH;
};

/** The version a request asked for (the current one when it named none). */
export function apiVersionOf(request: FastifyRequest) {
  const asked = request.headers[HEADER];
  return typeof asked === 'string' && isApiVersion(asked) ? asked : CURRENT_API_VERSION;
}

/** The header of an answer written before any hook ran (a framework error). */
export const apiVersionHeadersFor = (request: FastifyRequest): Record<string, string> =>
  isPublicApi(request.url) ? { [HEADER]: CURRENT_API_VERSION } : {};

/**
 * Every public API answer names the version it was written in (`Conduit-Version`); a request
 * may pin one with the same header, and a version we do not answer in is refused before the key
 * is even read, so a caller learns of it at once instead of getting answers it did not expect.
 */
export function registerApiVersion(app: FastifyInstance) {
  app.addHook('onRequest', async (request, reply) => {
    if (!isPublicApi(request.url)) return;
    reply.header(HEADER, CURRENT_API_VERSION);
    const asked = request.headers[HEADER];
    if (asked === undefined || request.method === 'OPTIONS') return;
    const value = Array.isArray(asked) ? asked.join(', ') : asked;
    if (!isApiVersion(value)) throw new ValidationFailed(unknownApiVersionMessage(value), API_VERSION_HEADER);
    reply.header(HEADER, value);
  });
}
