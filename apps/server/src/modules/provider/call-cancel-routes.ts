import { SERVICES, USAGE_ROUTES } from '@conduit/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { addAppRoute } from '../../platform/app-route.ts';
import { requireUser } from '../auth/session-http.ts';
import { workspaceFor } from '../auth/workspace-access.ts';
import { cancelTask } from './cancel-task.ts';
import type { Gateway } from './gateway.ts';
import { readLivemode } from './test-mode.ts';

const ALL_SERVICES: ReadonlySet<string> = new Set(SERVICES);

/**
 * The call page's Cancel, for a signed-in member who may use calls (a billing member gets 403): the
 * API's cancel, with the same outcomes, refunds and 409 for a settled task.
 */
export const callCancelRoutes = (gateway: Gateway): FastifyPluginAsyncZod =>
  async function routes(app) {
    const { services } = gateway;
    app.addHook('preHandler', requireUser(services));
    addAppRoute(app, USAGE_ROUTES.cancelCall, { tags: ['usage'] }, (request) =>
      cancelTask(
        { ...gateway.runner, policy: services.config.UNSTOPPABLE_CANCEL_POLICY },
        workspaceFor(request, 'useCalls').id,
        request.params.taskId,
        // A member may cancel any service's call, of the mode the app is viewing.
        { permissions: ALL_SERVICES, livemode: readLivemode(request) },
      ),
    );
  };
