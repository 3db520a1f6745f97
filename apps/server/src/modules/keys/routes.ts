import {
  APP_PATHS,
  CreateKeyBody,
  CreateKeyResponse,
  KeysResponse,
  MessageResponse,
} from '@conduit/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Services } from '../../platform/services.ts';
import { requireUser, signedIn } from '../auth/session-http.ts';
import { currentWebhookSecret } from '../webhooks/secret-rotation.ts';
import { workspaceFor } from '../workspaces/workspace-access.ts';
import { deriveKeyEncryptionKey } from './key-crypto.ts';
import { createKey, deleteKey, type KeyActor, type KeysContext, listKeys } from './keys.ts';

const keyActor = (request: FastifyRequest): KeyActor => ({
  workspace: workspaceFor(request, 'useKeys'),
  user: signedIn(request).user,
});

/** The workspace's API keys (docs/product.md, "App API"): list, create, delete. */
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
      const workspace = workspaceFor(request, 'useKeys');
      return {
        keys: await listKeys(ctx, workspace.id),
        maxApiKeys: workspace.maxApiKeys,
        webhookSecret: (
          await currentWebhookSecret({ ...ctx, sessionSecret: services.sessionSecret }, workspace.id)
        ).secret,
      };
    });

    app.post(
      APP_PATHS.createKey.path,
      { schema: { tags, body: CreateKeyBody, response: { 201: CreateKeyResponse } } },
      async (request, reply) => {
        const key = await createKey(ctx, keyActor(request), request.body);
        return reply.status(201).send({ key, message: 'API key created' });
      },
    );

    app.delete(
      APP_PATHS.deleteKey.path,
      { schema: { tags, params: z.object({ id: z.string().max(100) }), response: { 200: MessageResponse } } },
      async (request) => {
        await deleteKey(ctx, keyActor(request), request.params.id);
        return { message: 'API key deleted' };
      },
    );
  };
