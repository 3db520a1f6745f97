import { KEY_ROUTES, PLAYGROUND_KEY_TEXTS } from '@conduit/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { addAppRoute } from '../../platform/app-route.ts';
import type { Services } from '../../platform/services.ts';
import { requireUser, signedIn } from '../auth/session-http.ts';
import { workspaceFor } from '../auth/workspace-access.ts';
import { currentWebhookSecret } from '../events/secret-rotation.ts';
import { rollKey, updateKey } from './edit-key.ts';
import { deriveKeyEncryptionKey } from './key-crypto.ts';
import { createKey, deleteKey, type KeyActor, type KeysContext, listKeys } from './keys.ts';
import { playgroundKey } from './playground-key.ts';

const keyActor = (request: FastifyRequest): KeyActor => ({
  workspace: workspaceFor(request, 'useKeys'),
  user: signedIn(request).user,
});

/** The workspace's API keys (docs/product.md, "Signed-in area" and "Key controls"): list, create, edit, roll, delete. */
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

    addAppRoute(app, KEY_ROUTES.list, { tags }, async (request) => {
      const workspace = workspaceFor(request, 'useKeys');
      return {
        keys: await listKeys(ctx, workspace.id),
        maxApiKeys: workspace.maxApiKeys,
        webhookSecret: (
          await currentWebhookSecret({ ...ctx, sessionSecret: services.sessionSecret }, workspace.id)
        ).secret,
      };
    });

    addAppRoute(app, KEY_ROUTES.create, { tags, status: 201 }, async (request, reply) => {
      const key = await createKey(ctx, keyActor(request), request.body);
      return reply.status(201).send({ key, message: 'API key created' });
    });

    // One click in the playground: the workspace's playground key, made if there is none or the
    // existing one (`created` says which), never a second.
    addAppRoute(app, KEY_ROUTES.createPlayground, { tags }, async (request) => {
      const { key, created } = await playgroundKey(ctx, keyActor(request));
      return { key, created, message: created ? PLAYGROUND_KEY_TEXTS.created : PLAYGROUND_KEY_TEXTS.reused };
    });

    addAppRoute(app, KEY_ROUTES.update, { tags }, async (request) => ({
      key: await updateKey(ctx, keyActor(request), request.params.id, request.body),
      message: 'API key updated',
    }));

    addAppRoute(app, KEY_ROUTES.roll, { tags }, async (request) => ({
      key: await rollKey(ctx, keyActor(request), request.params.id, request.body.graceSeconds),
      message: 'API key rolled',
    }));

    addAppRoute(app, KEY_ROUTES.remove, { tags }, async (request) => {
      await deleteKey(ctx, keyActor(request), request.params.id);
      return { message: 'API key deleted' };
    });
  };
