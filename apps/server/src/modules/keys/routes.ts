import {
  APP_PATHS,
  CreateKeyBody,
  CreateKeyResponse,
  KeysResponse,
  MessageResponse,
} from '@conduit/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Services } from '../../platform/services.ts';
import { requireUser, signedIn } from '../auth/session-http.ts';
import { webhookSecretFor } from '../webhooks/signing.ts';
import { deriveKeyEncryptionKey } from './key-crypto.ts';
import { createKey, deleteKey, type KeysContext, listKeys } from './keys.ts';

/** The signed-in user's API keys (docs/product.md, "App API"): list, create, delete. */
export const keysRoutes = (services: Services): FastifyPluginAsyncZod =>
  async function routes(app) {
    const ctx: KeysContext = {
      db: services.db,
      clock: services.clock,
      encryptionKey: deriveKeyEncryptionKey(services.sessionSecret),
    };
    const tags = ['keys'];
    app.addHook('preHandler', requireUser(services));
    app.addHook('onSend', async (_request, reply) => {
      reply.header('cache-control', 'no-store');
    });

    app.get(APP_PATHS.keys.path, { schema: { tags, response: { 200: KeysResponse } } }, async (request) => {
      const { user } = signedIn(request);
      return {
        keys: await listKeys(ctx, user.id),
        maxApiKeys: user.maxApiKeys,
        webhookSecret: webhookSecretFor(services.sessionSecret, user.id),
      };
    });

    app.post(
      APP_PATHS.createKey.path,
      { schema: { tags, body: CreateKeyBody, response: { 201: CreateKeyResponse } } },
      async (request, reply) => {
        const key = await createKey(ctx, signedIn(request).user.id, request.body);
        return reply.status(201).send({ key, message: 'API key created' });
      },
    );

    app.delete(
      APP_PATHS.deleteKey.path,
      { schema: { tags, params: z.object({ id: z.string().max(100) }), response: { 200: MessageResponse } } },
      async (request) => {
        await deleteKey(ctx, signedIn(request).user.id, request.params.id);
        return { message: 'API key deleted' };
      },
    );
  };
