import type { FastifyInstance } from 'fastify';
import { PayloadTooLarge } from './errors.ts';

/**
 * Refuses a declared oversized body before anything reads it, whatever its content type: the
 * body parsers enforce the limit only for the types they parse, and a type we do not parse would
 * otherwise get 415 after the client uploaded it all. Bodies without a length (chunked) are
 * counted by the parsers, which stop at the same limit.
 */
export function registerBodyLimit(app: FastifyInstance, limitBytes: number) {
  app.addHook('onRequest', async (request) => {
    const declared = request.headers['content-length'];
    // A route that takes uploads sets its own, larger limit (routeOptions.bodyLimit).
    const limit = Math.max(limitBytes, request.routeOptions.bodyLimit ?? limitBytes);
    if (declared !== undefined && Number(declared) > limit) {
      throw new PayloadTooLarge();
    }
  });
}
