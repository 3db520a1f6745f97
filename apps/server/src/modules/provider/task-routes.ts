import {
  LinkedinRequest,
  QuoteRequest,
  routerPath,
  SoraRequest,
  TaskListQuery,
  TaskStatusParams,
  taskData,
} from '@conduit/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { NotFound } from '../../platform/errors.ts';
import { firstIssue } from '../models/catalogue.ts';
import { findTask } from '../tasks/settle-task.ts';
import type { KeyIdentity } from './authenticate-key.ts';
import { cancelTask } from './cancel-task.ts';
import type { Gateway } from './gateway.ts';
import { assertKeyCovers } from './key-refusals.ts';
import { listTasks } from './list-tasks.ts';
import { metadataQueryOf } from './metadata.ts';
import { createQuote, linkedinPriceOf, priceOfCall } from './prices.ts';
import { isOwnTask } from './test-mode.ts';

const BODY_SCHEMAS: Record<'sora' | 'linkedin', z.ZodType> = {
  sora: SoraRequest,
  linkedin: LinkedinRequest,
};

/**
 * The developer's control over their tasks (docs/product.md, "Controlling a paid call"): the list
 * and one task of any service the key may call (another service's is 403 KEY_SCOPE, and the list
 * holds only the key's services), the cancel, and binding price quotes. Free: nothing here charges.
 */
export const taskControlRoutes = (
  gateway: Gateway,
  admit: (request: FastifyRequest, reply: FastifyReply) => Promise<void>,
): FastifyPluginAsyncZod =>
  async function routes(app) {
    const { services, engine } = gateway;
    const tags = ['provider'];
    const identityOf = (request: FastifyRequest) => request.apiKey as KeyIdentity;

    app.get(
      routerPath('listTasks'),
      { preValidation: admit, schema: { tags, querystring: TaskListQuery } },
      async (request) => {
        const identity = identityOf(request);
        if (request.query.service) assertKeyCovers(identity, request.query.service);
        const page = await listTasks(services.pool, {
          workspaceId: identity.workspaceId,
          query: request.query,
          services: [...identity.permissions],
          metadata: metadataQueryOf(request.raw.url),
          livemode: identity.livemode,
        });
        return {
          success: true,
          data: page.tasks.map((task) => taskData(task, engine)),
          nextCursor: page.nextCursor,
        };
      },
    );

    app.get(
      routerPath('getTask'),
      { preValidation: admit, schema: { tags, params: TaskStatusParams } },
      async (request) => {
        const task = await findTask(services.db, request.params.taskId);
        // Another workspace's task is indistinguishable from one that does not exist.
        if (!task || !isOwnTask(identityOf(request), task)) throw new NotFound('Task not found');
        assertKeyCovers(identityOf(request), task.service);
        return { success: true, data: taskData(task, engine) };
      },
    );

    app.post(
      routerPath('cancelTask'),
      { preValidation: admit, schema: { tags, params: TaskStatusParams } },
      async (request) => {
        const context = { ...gateway.runner, policy: services.config.UNSTOPPABLE_CANCEL_POLICY };
        const identity = identityOf(request);
        const result = await cancelTask(context, identity.workspaceId, request.params.taskId, identity);
        return { success: true, data: result };
      },
    );

    app.post(
      routerPath('quotePrice'),
      { preValidation: admit, schema: { tags, body: QuoteRequest } },
      async (request) => {
        const { service, body } = request.body;
        // The body is checked as the service's endpoint would check it, so a quote is never of a call
        // that would be refused; an image or video quote prices the model the body names.
        let checked: { maxCredits?: number };
        let current = gateway.prices[service];
        let model: string | undefined;
        let variant: string | undefined;
        if (service === 'image' || service === 'video') {
          const call = await gateway.models.resolve(service, body, 'body');
          checked = call.request;
          current = call.credits;
          model = call.model.id;
          variant = call.variant.variant;
        } else {
          const parsed = BODY_SCHEMAS[service].safeParse(body);
          if (!parsed.success) throw firstIssue(parsed.error, 'body');
          checked = parsed.data as { maxCredits?: number };
          if (service === 'linkedin') {
            // The same price the call will be charged: by the posts it asks for.
            ({ variant, credits: current } = linkedinPriceOf(
              services.config,
              parsed.data as LinkedinRequest,
            ));
          }
        }
        const { workspaceId } = identityOf(request);
        const price = await priceOfCall(services.db, current, {
          workspaceId,
          service,
          model,
          variant,
          maxCredits: checked.maxCredits,
        });
        const now = services.clock.now();
        return {
          success: true,
          data: await createQuote(services.db, workspaceId, service, price, now, model, variant),
        };
      },
    );
  };
