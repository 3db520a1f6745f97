import { routerPath } from '@conduit/contracts';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { ZodApp } from '../../platform/app-route.ts';
import type { KeyIdentity } from './authenticate-key.ts';
import { admitKey, type Gateway } from './gateway.ts';

/**
 * A public API read of the key's own workspace, of whichever service (the request log, spend by
 * metadata): GET at the catalogue's `route`, the key admitted for any service, the query checked
 * by `querystring`; `read` gets the key's identity and answers the body.
 */
export function addKeyReadRoute<Query extends z.ZodType>(
  app: ZodApp,
  gateway: Gateway,
  route: Parameters<typeof routerPath>[0],
  querystring: Query,
  read: (identity: KeyIdentity, query: z.infer<Query>, request: FastifyRequest) => Promise<unknown>,
) {
  app.get(
    routerPath(route),
    { preValidation: admitKey(gateway, null), schema: { tags: ['provider'], querystring } },
    async (request) =>
      read(request.apiKey as NonNullable<typeof request.apiKey>, request.query as z.infer<Query>, request),
  );
}
