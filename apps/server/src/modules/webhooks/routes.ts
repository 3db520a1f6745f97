import { WEBHOOK_ROUTES, type WorkspaceAction } from '@conduit/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { addAppRoute } from '../../platform/app-route.ts';
import { Forbidden } from '../../platform/errors.ts';
import type { Services } from '../../platform/services.ts';
import { requireUser, signedIn } from '../auth/session-http.ts';
import { workspaceFor } from '../auth/workspace-access.ts';
import { currentWebhookSecret, rotateWebhookSecret } from '../events/secret-rotation.ts';
import { coversEveryService } from '../provider/key-refusals.ts';
import { deliveryDetail, listDeliveries, resendDelivery } from './deliveries.ts';
import { createKeyOrSession } from './key-or-session.ts';
import { sendTestEvent, type TestEventContext, testEndpoint } from './send-test-event.ts';
import { setWebhookEndpoint } from './webhook-endpoint.ts';

const NEEDS_FULL_KEY =
  'This needs a key allowed every service (it concerns all of them), or a signed-in member';

/**
 * The workspace's webhook endpoint (set it, send a test event: `buyCredits`, beside the alerts),
 * its signing secret (read and rotate: `useKeys`, like the API keys), and the delivery log with
 * resend and test events (`useCalls`). The log, resend, test events and reading the secret also
 * take an API key (`conduit listen` and `conduit trigger`); changing the endpoint or rotating
 * the secret needs a signed-in member.
 */
export const webhooksRoutes = (services: Services, ctx: TestEventContext): FastifyPluginAsyncZod =>
  async function routes(app) {
    const tags = ['webhooks'];
    const db = services.db;
    const keyOrSession = createKeyOrSession(services);
    const sessionOnly = requireUser(services);
    const actor = (request: FastifyRequest, action: WorkspaceAction) => ({
      workspace: workspaceFor(request, action),
      userId: signedIn(request).user.id,
    });
    app.addHook('onSend', async (_request, reply) => {
      reply.header('cache-control', 'no-store');
    });
    const withKey = { preHandler: keyOrSession.preHandler };
    const withSession = { preHandler: sessionOnly };
    const workspaceOf = keyOrSession.workspaceOf;

    const r = WEBHOOK_ROUTES;
    addAppRoute(app, r.setEndpoint, { tags, ...withSession }, async (request) =>
      setWebhookEndpoint({ ...ctx, db }, actor(request, 'buyCredits'), request.body),
    );
    addAppRoute(app, r.testEndpoint, { tags, ...withSession }, async (request) =>
      testEndpoint(ctx, workspaceFor(request, 'buyCredits').id),
    );
    // The secret signs every event, and the delivery log holds every service's: a key limited to
    // some services reads neither (its own services' events are in GET /api/provider/events).
    const fullKeyOnly = (request: FastifyRequest) => {
      if (request.apiKey && !coversEveryService(request.apiKey)) throw new Forbidden(NEEDS_FULL_KEY);
    };
    addAppRoute(app, r.secret, { tags, ...withKey }, async (request) => {
      fullKeyOnly(request);
      return currentWebhookSecret({ ...ctx, db }, workspaceOf(request, 'useKeys'));
    });
    addAppRoute(app, r.rotateSecret, { tags, ...withSession }, async (request) =>
      rotateWebhookSecret({ ...ctx, db }, actor(request, 'useKeys')),
    );
    addAppRoute(app, r.deliveries, { tags, ...withKey }, async (request) => {
      fullKeyOnly(request);
      return listDeliveries(db, workspaceOf(request, 'useCalls'), request.query);
    });
    addAppRoute(app, r.delivery, { tags, ...withKey }, async (request) => {
      fullKeyOnly(request);
      return deliveryDetail(db, workspaceOf(request, 'useCalls'), request.params.id);
    });
    addAppRoute(app, r.resend, { tags, ...withKey }, async (request) => {
      fullKeyOnly(request);
      return resendDelivery({ ...ctx, db }, workspaceOf(request, 'useCalls'), request.params.id);
    });
    addAppRoute(app, r.sendTest, { tags, ...withKey }, async (request) =>
      sendTestEvent(ctx, workspaceOf(request, 'useCalls'), request.body.type),
    );
  };
