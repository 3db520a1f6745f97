import type { FastifyInstance } from 'fastify';

/**
 * API answers are about one account (balances, keys, tasks): no shared cache may keep them. A
 * route that means to be cached (the packages, the OpenAPI document) sets its own header. Public
 * API answers also vary with the key, for any cache that keys on the URL alone.
 */
export function registerNoStoreDefault(app: FastifyInstance) {
  app.addHook('onSend', async (request, reply) => {
    if (!request.url.startsWith('/api/')) return;
    if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
    if (request.url.startsWith('/api/provider/')) {
      // The key arrives in either header.
      reply.header('vary', appendVary(appendVary(reply.getHeader('vary'), 'X-API-Key'), 'Authorization'));
    }
  });
}

function appendVary(current: unknown, name: string): string {
  const values = typeof current === 'string' && current ? current.split(',').map((v) => v.trim()) : [];
  return values.some((v) => v.toLowerCase() === name.toLowerCase())
    ? values.join(', ')
    : [...values, name].join(', ');
}
