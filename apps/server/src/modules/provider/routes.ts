import {
  acceptedTaskData,
  EventsQuery,
  LinkedinRequest,
  routerPath,
  type Service,
  SoraRequest,
  TaskStatusParams,
  taskData,
} from '@conduit/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { NotFound, UpstreamFailed } from '../../platform/errors.ts';
import { getBalance } from '../credits/ledger.ts';
import { listEvents } from '../events/list-events.ts';
import type { TaskRow } from '../tasks/schema.ts';
import { findTask } from '../tasks/settle-task.ts';
import type { KeyIdentity } from './authenticate-key.ts';
import { preferWaitSeconds } from './call-headers.ts';
import { admitKey, type Gateway, type PaidBody, type PaidCharge, type PricedModel } from './gateway.ts';
import { assertKeyCovers, keyControlsOf } from './key-refusals.ts';
import { setPaidHeaders, waitForSettle } from './paid-answers.ts';
import {
  chargeAsyncCall,
  chargeSyncCall,
  resolveImageCall,
  resolveVideoCall,
  runHeldCall,
} from './paid-calls.ts';
import { linkedinPriceOf } from './prices.ts';
import { linkedinLeaseUntil, runLinkedinCall } from './run-linkedin-call.ts';
import { taskControlRoutes } from './task-routes.ts';
import { isOwnTask } from './test-mode.ts';

/** The public provider API (docs/product.md, "Public API", header X-API-Key). */
export const providerRoutes = (gateway: Gateway): FastifyPluginAsyncZod =>
  async function routes(app) {
    const { services, engine, urlGuard } = gateway;
    const tags = ['provider'];
    // The key is checked before the body, so a caller without a valid key learns nothing else.
    const admit = (service: Service | null) => admitKey(gateway, service);
    // The gateway's own processing time on every answer, errors included (docs/operations.md).
    app.addHook('onSend', async (_request, reply) => {
      reply.header('server-timing', `gateway;dur=${reply.elapsedTime.toFixed(1)}`);
    });
    const identityOf = (request: FastifyRequest) => request.apiKey as KeyIdentity;
    const ok = (task: TaskRow) => ({ success: true as const, data: taskData(task, engine) });

    // The upstream fetches video_url, not us: a name that does not resolve here may still be fine there.
    const assertSoraUrl = (url: string) =>
      urlGuard.assertPublicUrl(url, 'video_url', { mayBeUnresolvable: true });

    /** A settled or still-running task as the answer of a sync endpoint, with the paid headers. */
    const answerSync = async (reply: FastifyReply, charged: PaidCharge, task: TaskRow | undefined) => {
      if (!task) throw new NotFound('Task not found');
      await setPaidHeaders(reply, services.db, charged, task);
      if (task.status === 'failed') {
        throw new UpstreamFailed(`The ${task.service} task failed: ${task.error ?? 'unknown error'}`, {
          taskId: task.id,
          creditsRefunded: task.creditsRefunded,
        });
      }
      return reply.status(task.status === 'completed' ? 200 : 202).send(ok(task));
    };

    const startAsync = async (
      request: FastifyRequest,
      reply: FastifyReply,
      service: Service,
      body: PaidBody & { callBackUrl?: string },
      priced?: PricedModel,
    ) => {
      const waitS = preferWaitSeconds(request.headers.prefer);
      const charged = await chargeAsyncCall(gateway, request, service, body, priced);
      if (charged.isReplay || waitS !== undefined) {
        // The task as it stands: settled within the wait, else still processing (never lost).
        const task = waitS
          ? await waitForSettle(gateway.runner, charged.taskId, waitS * 1000)
          : await findTask(services.db, charged.taskId);
        if (!task) throw new NotFound('Task not found');
        if (waitS !== undefined) reply.header('preference-applied', `wait=${waitS}`);
        await setPaidHeaders(reply, services.db, charged, task);
        return reply.send(ok(task));
      }
      await setPaidHeaders(reply, services.db, charged);
      return reply.send({
        success: true,
        data: acceptedTaskData(
          {
            taskId: charged.taskId,
            service,
            at: new Date(),
            cost: charged.cost,
            deadlineAt: charged.deadlineAt,
            metadata: body.metadata,
            livemode: charged.livemode,
          },
          engine,
        ),
      });
    };

    /** A paid call answered when its task settles (or after the service's sync wait). */
    const runSync = async (
      request: FastifyRequest,
      reply: FastifyReply,
      service: 'image' | 'sora',
      body: PaidBody & { callBackUrl?: string },
      priced?: PricedModel,
    ) => {
      const held = await chargeSyncCall(gateway, request, service, body, priced);
      return answerSync(reply, held.charged, await runHeldCall(gateway, held));
    };

    // The body is checked against its model's own schema (models/catalogue.ts): an unknown or
    // disabled model is refused naming `model`, before any charge.
    const modelRoute = <S extends 'image' | 'video', Body extends PaidBody>(
      route: 'generateImage' | 'createVideo',
      service: S,
      resolve: (gateway: Gateway, raw: unknown) => Promise<{ body: Body; priced: PricedModel }>,
      run: (
        request: FastifyRequest,
        reply: FastifyReply,
        service: S,
        body: Body,
        priced: PricedModel,
      ) => Promise<unknown>,
    ) =>
      app.post(
        routerPath(route),
        { preValidation: admit(service), schema: { tags } },
        async (request, reply) => {
          const { body, priced } = await resolve(gateway, request.body);
          return run(request, reply, service, body, priced);
        },
      );
    modelRoute('generateImage', 'image', resolveImageCall, runSync);
    modelRoute('createVideo', 'video', resolveVideoCall, startAsync);

    // Public, like OpenRouter's model list: no key needed (docs/product.md, "Models").
    app.get(routerPath('listModels'), { schema: { tags } }, async () => ({
      success: true,
      data: await gateway.models.listed(),
    }));

    // One watermark removal, answered at once (its status polled) or when it settles.
    for (const [route, run] of [
      ['removeSoraWatermark', startAsync],
      ['removeSoraWatermarkSync', runSync],
    ] as const) {
      app.post(
        routerPath(route),
        { preValidation: admit('sora'), schema: { tags, body: SoraRequest } },
        async (request, reply) => {
          await assertSoraUrl(request.body.video_url);
          return run(request, reply, 'sora', request.body);
        },
      );
    }

    app.post(
      routerPath('scrapeLinkedin'),
      { preValidation: admit('linkedin'), schema: { tags, body: LinkedinRequest } },
      async (request, reply) => {
        const identity = identityOf(request);
        const lease = linkedinLeaseUntil();
        // Priced by the posts it asks for (prices.ts): a quote binds only a call of the same band.
        const priced = linkedinPriceOf(services.config, request.body);
        const charged = await gateway.charge(request, {
          identity,
          service: 'linkedin',
          body: request.body,
          leaseUntil: lease,
          priced,
        });
        const task = await runLinkedinCall(
          gateway,
          charged.taskId,
          request.body,
          charged.isReplay,
          charged.cost,
          charged.livemode,
        );
        return answerSync(reply, charged, task);
      },
    );

    const statusRoute = (path: string, service: Service) =>
      app.get(
        path,
        { preValidation: admit(null), schema: { tags, params: TaskStatusParams } },
        async (request) => {
          const task = await findTask(services.db, request.params.taskId);
          // Another account's task is indistinguishable from one that does not exist.
          // A key reads only the services it may call, whichever task the id names.
          assertKeyCovers(identityOf(request), service);
          if (!task || !isOwnTask(identityOf(request), task) || task.service !== service) {
            throw new NotFound('Task not found');
          }
          return ok(task);
        },
      );
    statusRoute(routerPath('getVideoStatus'), 'video');
    statusRoute(routerPath('getSoraStatus'), 'sora');
    statusRoute(routerPath('getImageStatus'), 'image');
    statusRoute(routerPath('getLinkedinStatus'), 'linkedin');

    await app.register(taskControlRoutes(gateway, admit(null)));
    // The workspace's webhook events, as their webhooks carried them (docs/product.md, "Webhooks").
    app.get(
      routerPath('listEvents'),
      { preValidation: admit(null), schema: { tags, querystring: EventsQuery } },
      async (request) => {
        const identity = identityOf(request);
        const page = await listEvents(
          services.db,
          identity.workspaceId,
          request.query,
          [...identity.permissions],
          identity.livemode,
        );
        return { success: true, data: page.events, nextCursor: page.nextCursor };
      },
    );

    app.get(routerPath('getAccount'), { preValidation: admit(null), schema: { tags } }, async (request) => {
      const identity = identityOf(request);
      return {
        success: true,
        data: {
          keyName: identity.keyName,
          balance: await getBalance(services.db, identity.workspaceId),
          workspace: { id: identity.workspaceId, kind: identity.workspaceKind, name: identity.workspaceName },
          tier: identity.tier,
          limits: identity.limits,
          remaining: request.rateLimitRemaining,
          key: keyControlsOf(identity, services.clock.now()),
          engine: { engine: engine.name, isDevelopmentEngine: engine.isDevelopmentEngine },
          livemode: identity.livemode,
        },
      };
    });
  };
