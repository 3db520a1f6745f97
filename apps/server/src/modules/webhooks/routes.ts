import { WEBHOOK_ROUTES, type WorkspaceAction } from '@conduit/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { addAppRoute } from '../../platform/app-route.ts';
import type { Services } from '../../platform/services.ts';
import { requireUser, signedIn } from '../auth/session-http.ts';
import type { UrlGuard } from '../provider/check-input-urls.ts';
import { workspaceFor } from '../workspaces/workspace-access.ts';
import { sendTestEvent } from './account-events.ts';
import { currentWebhookSecret, rotateWebhookSecret } from './secret-rotation.ts';
import { setWebhookEndpoint } from './webhook-endpoint.ts';

/**
 * The workspace's webhook endpoint (set it, send a test event: `buyCredits`, beside the alerts)
 * and its signing secret (read and rotate: `useKeys`, like the API keys).
 */
export const webhooksRoutes = (services: Services, urlGuard: UrlGuard): FastifyPluginAsyncZod =>
  async function routes(app) {
    const tags = ['webhooks'];
    // Read at each use, so a test that moves services.clock moves these too.
    const ctx = {
      db: services.db,
      clock: { now: () => services.clock.now() },
      sessionSecret: services.sessionSecret,
      urlGuard,
    };
    const actor = (request: FastifyRequest, action: WorkspaceAction) => ({
      workspace: workspaceFor(request, action),
      userId: signedIn(request).user.id,
    });
    app.addHook('preHandler', requireUser(services));
    app.addHook('onSend', async (_request, reply) => {
      reply.header('cache-control', 'no-store');
    });

    const { setEndpoint, testEndpoint, secret, rotateSecret } = WEBHOOK_ROUTES;
    addAppRoute(app, setEndpoint, { tags }, async (request) =>
      setWebhookEndpoint(ctx, actor(request, 'buyCredits'), request.body.webhookUrl),
    );
    addAppRoute(app, testEndpoint, { tags }, async (request) =>
      sendTestEvent(ctx, workspaceFor(request, 'buyCredits').id),
    );
    addAppRoute(app, secret, { tags }, async (request) =>
      currentWebhookSecret(ctx, workspaceFor(request, 'useKeys').id),
    );
    addAppRoute(app, rotateSecret, { tags }, async (request) =>
      rotateWebhookSecret(ctx, actor(request, 'useKeys')),
    );
  };
