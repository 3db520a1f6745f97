import { OPENAI_BASE_PATH, WEBHOOK_TEXTS } from '@conduit/contracts';
import fastifyCompress from '@fastify/compress';
import fastifyCookie from '@fastify/cookie';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { subscribeDomainEvents } from './domain-subscribers.ts';
import { startLedgerAudit } from './modules/admin/ledger-audit.ts';
import { adminRoutes } from './modules/admin/routes.ts';
import { startBalanceAlerts } from './modules/alerts/alerts-worker.ts';
import { alertsRoutes } from './modules/alerts/routes.ts';
import { accountRoutes } from './modules/auth/account-routes.ts';
import { createAuthLimits } from './modules/auth/auth-limits.ts';
import { passwordResetRoutes } from './modules/auth/password-reset-routes.ts';
import { authRoutes } from './modules/auth/routes.ts';
import { twoFactorRoutes } from './modules/auth/two-factor-routes.ts';
import { startAutoTopUps } from './modules/billing/auto-top-up-worker.ts';
import { startCardDetachWorker } from './modules/billing/card-detach.ts';
import { startPaymentMailWorker } from './modules/billing/payment-mail.ts';
import { billingRoutes } from './modules/billing/routes.ts';
import { creditsRoutes } from './modules/credits/routes.ts';
import { docsRoutes } from './modules/docs/routes.ts';
import type { Engine } from './modules/engines/engine.ts';
import { withTestMode } from './modules/engines/test-mode-engine.ts';
import type { EventHooks } from './modules/events/record-event.ts';
import { startResultExpiry } from './modules/files/retention.ts';
import { filesRoutes } from './modules/files/routes.ts';
import { keysRoutes } from './modules/keys/routes.ts';
import { openAIRoutes } from './modules/openai/routes.ts';
import { startCheckoutExpiry } from './modules/payments/expire-checkouts.ts';
import { paymentsRoutes } from './modules/payments/routes.ts';
import { callCancelRoutes } from './modules/provider/call-cancel-routes.ts';
import { createUrlGuard, type UrlGuard } from './modules/provider/check-input-urls.ts';
import { createGateway } from './modules/provider/gateway.ts';
import { providerRoutes } from './modules/provider/routes.ts';
import { startTaskPump } from './modules/provider/task-pump.ts';
import type { RunnerContext } from './modules/provider/task-runner.ts';
import { createTaskWaiters } from './modules/provider/task-waiters.ts';
import { uploadRoutes } from './modules/provider/upload-routes.ts';
import { upstreamCallbackRoutes } from './modules/provider/upstream-callback-routes.ts';
import { startRequestLogPurge } from './modules/request-log/purge-request-log.ts';
import { registerRequestLog } from './modules/request-log/record-requests.ts';
import { createRequestLogWriter } from './modules/request-log/request-log-writer.ts';
import { requestLogApiRoutes, requestLogRoutes } from './modules/request-log/routes.ts';
import { supportRoutes } from './modules/support/routes.ts';
import { startSupportMailWorker } from './modules/support/support-mail-worker.ts';
import { systemRoutes } from './modules/system/routes.ts';
import { createEventPublisher, taskMessage } from './modules/task-events/publisher.ts';
import { createTaskEventStreams, type TaskEventsOptions } from './modules/task-events/task-events.ts';
import { startUpstreamWatch } from './modules/upstream-watch/balance-watch.ts';
import { alertKieAccountSetAside } from './modules/upstream-watch/kie-account-watch.ts';
import { usageByMetadataApiRoutes, usageByMetadataRoutes } from './modules/usage/metadata-routes.ts';
import { usageRoutes } from './modules/usage/routes.ts';
import { waitlistAdminRoutes } from './modules/waitlist/admin-routes.ts';
import { waitlistRoutes } from './modules/waitlist/routes.ts';
import { registerWaitlistGate } from './modules/waitlist/waitlist-gate.ts';
import { createWaitlistLimits } from './modules/waitlist/waitlist-limits.ts';
import { createDeliveryContext } from './modules/webhooks/delivery-context.ts';
import type { DeliveryWorker } from './modules/webhooks/delivery-worker.ts';
import { webhooksRoutes } from './modules/webhooks/routes.ts';
import { startWebhookWorker } from './modules/webhooks/webhook-worker.ts';
import { workspacesRoutes } from './modules/workspaces/routes.ts';
import { apiVersionHeadersFor, registerApiVersion } from './platform/api-version.ts';
import { registerBodyLimit } from './platform/body-limit.ts';
import { corsHeadersFor, registerCors } from './platform/cors.ts';
import { registerCsrfProtection } from './platform/csrf.ts';
import { logsApiRequestsOnly, quietRequestLogs, registerDevRequestLog } from './platform/dev-request-log.ts';
import type { ChannelMessage } from './platform/events-channel.ts';
import { frameworkErrorHandler, registerErrorHandling } from './platform/http-errors.ts';
import { newId } from './platform/ids.ts';
import { trustProxyOption } from './platform/ip-ranges.ts';
import { registerRequestMetrics } from './platform/metrics.ts';
import { registerNoStoreDefault } from './platform/no-store.ts';
import { registerSecurityHeaders, securityHeadersFor } from './platform/security-headers.ts';
import type { Services } from './platform/services.ts';
import { registerTextSafety } from './platform/text-safety.ts';
import { registerWebApp, WEB_DIST_DIR } from './platform/web-app.ts';

export const BODY_LIMIT_BYTES = 1_048_576;
const REQUEST_ID_PATTERN = /^[A-Za-z0-9._:-]{1,128}$/;

export interface BuildAppOptions {
  webDistDir?: string;
  /**
   * The engine behind the paid services, or a function making it from the process's services (it
   * is then closed with the app); by default the one PROVIDER_ENGINE names.
   */
  engine?: Engine | ((services: Services) => Engine);
  /** SSRF checks of user-supplied URLs; by default every address is allowed under NODE_ENV=test only. */
  urlGuard?: UrlGuard;
  /** Heartbeat and per-user limit of the live task event streams (tests shorten the heartbeat). */
  taskEvents?: TaskEventsOptions;
}

/** The HTTP application: every module's routes on one Fastify instance, no listening yet. */
export async function buildApp(services: Services, options: BuildAppOptions = {}): Promise<FastifyInstance> {
  subscribeDomainEvents();
  const webDistDir = options.webDistDir ?? WEB_DIST_DIR;
  const securityHeaders = securityHeadersFor(services.config.PUBLIC_URL, webDistDir);
  const app = Fastify({
    loggerInstance: services.log as FastifyBaseLogger,
    logController: logsApiRequestsOnly(services.config.LOG_FORMAT) ? quietRequestLogs() : undefined,
    frameworkErrors: frameworkErrorHandler((request) => ({
      ...securityHeaders,
      ...corsHeadersFor(request),
      ...apiVersionHeadersFor(request),
    })),
    bodyLimit: BODY_LIMIT_BYTES,
    trustProxy: trustProxyOption(services.config.TRUST_PROXY),
    // Keep a caller's request id when it is safe to echo; otherwise mint one.
    genReqId: (request) => {
      const incoming = request.headers['x-request-id'];
      return typeof incoming === 'string' && REQUEST_ID_PATTERN.test(incoming) ? incoming : newId('req');
    },
    requestIdHeader: false,
    forceCloseConnections: 'idle',
    return503OnClosing: true,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);
  registerRequestMetrics(app, services.metrics);
  if (logsApiRequestsOnly(services.config.LOG_FORMAT)) registerDevRequestLog(app, services.log);

  // Keep-alive connections would hold shutdown open: once closing, each answer ends its connection.
  let isClosing = false;
  app.addHook('preClose', async () => {
    isClosing = true;
  });
  app.addHook('onSend', async (_request, reply) => {
    if (isClosing || services.lifecycle.isDraining) reply.header('connection', 'close');
  });

  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
  registerSecurityHeaders(app, securityHeaders);
  registerNoStoreDefault(app);
  registerCors(app);
  registerApiVersion(app);
  registerBodyLimit(app, BODY_LIMIT_BYTES);
  await app.register(fastifyCompress, { threshold: 1024, encodings: ['br', 'gzip'] });
  await app.register(systemRoutes(services));

  const liveEngine =
    typeof options.engine === 'function'
      ? options.engine(services)
      : (options.engine ??
        (await import('./modules/channels/create-engine.ts')).createEngine(
          services.config,
          services.log,
          services.pool,
          services.metrics,
          services.redis,
          // The admins hear of a kie account set aside as of any upstream alert (once per crossing).
          {
            onKieAccountSetAside: (account, _code, reason) =>
              alertKieAccountSetAside(services, account, reason),
          },
        ));
  // An engine handed in made is the caller's to close.
  if (typeof options.engine !== 'object' && liveEngine.close)
    app.addHook('onClose', () => liveEngine.close?.());
  // Test keys' calls run on a development engine of their own, whatever serves live calls.
  const engine = withTestMode(liveEngine);
  app.addHook('onClose', () => engine.closeTestEngine());
  // Every role tells the API processes' event streams about the tasks it creates and settles.
  const taskEvents = createEventPublisher(services.pool, services.log);
  app.addHook('onClose', () => taskEvents.close());
  // Webhook events reach the event streams after their commit, and this process's deliverer at once.
  let deliveries: DeliveryWorker | undefined;
  const publishEvent = (message: ChannelMessage) => {
    taskEvents.publish(message);
    deliveries?.wake();
  };
  const eventHooks: EventHooks = { publish: publishEvent };
  // Sync calls hear of their tasks from every process once the first of them waits.
  let listenForTasks = () => {};
  const waiters = createTaskWaiters({ onFirstSleep: () => listenForTasks() });
  const runner: RunnerContext = {
    db: services.db,
    engine,
    waiters,
    config: services.config,
    storage: services.storage,
    // Read at each use, so a test that moves services.clock moves the runner's too.
    clock: { now: () => services.clock.now() },
    log: services.log,
    // The task and its settle event were written by one statement (or transaction), committed by now.
    onSettled: (task) => {
      taskEvents.publish(taskMessage(task));
      publishEvent({ kind: 'event', workspaceId: task.workspaceId });
      services.metrics.tasksSettled.inc({ service: task.service, status: task.status });
      if (task.creditsRefunded > 0) {
        services.metrics.creditsRefunded.inc({ service: task.service }, task.creditsRefunded);
      }
    },
  };
  const urlGuard =
    options.urlGuard ??
    createUrlGuard({
      allowPrivate: services.config.NODE_ENV === 'test',
      // A developer's own machine cannot receive our webhooks: say why, and what can.
      privateRefusalHints: { callBackUrl: WEBHOOK_TEXTS.listenHint, webhookUrl: WEBHOOK_TEXTS.listenHint },
    });
  if (!options.urlGuard) app.addHook('onClose', () => urlGuard.close());
  // Each queue is created by every role (API processes send to them); workers also work them.
  const deliveryContext = createDeliveryContext(services, urlGuard, eventHooks);
  deliveries = await startWebhookWorker(services, engine, deliveryContext, eventHooks);
  if (deliveries) app.addHook('onClose', () => deliveries?.stop());
  await startLedgerAudit(services);
  await startUpstreamWatch(services);
  await startResultExpiry(services);
  await startRequestLogPurge(services);
  await startSupportMailWorker(services);
  await startPaymentMailWorker(services);
  await startCardDetachWorker(services);
  await startCheckoutExpiry(services);
  const alertScanner = await startBalanceAlerts(services);
  if (alertScanner) app.addHook('onClose', () => alertScanner.stop());
  const stopAutoTopUps = startAutoTopUps(services);
  app.addHook('onClose', async () => stopAutoTopUps());
  // Worker processes (and the default `all`) advance tasks; API-only processes just create them.
  const pump = services.config.ROLE === 'api' ? undefined : startTaskPump(runner);
  if (pump) app.addHook('onClose', () => pump.stop());
  // A worker process answers only health, readiness and metrics: it holds no user-facing routes.
  if (services.config.ROLE === 'worker') return app;

  registerCsrfProtection(app, services.config.PUBLIC_URL);
  registerTextSafety(app);
  // Signed cookies carry the Google sign-in state; the session cookie itself is an opaque token.
  await app.register(fastifyCookie, { secret: services.sessionSecret });
  registerWaitlistGate(app, services);
  const authLimits = createAuthLimits(
    { redis: services.redis, prefix: services.config.REDIS_PREFIX },
    services.config.SIGNUPS_PER_IP_PER_HOUR,
  );
  await app.register(authRoutes(services, authLimits));
  await app.register(accountRoutes(services, authLimits));
  await app.register(passwordResetRoutes(services, authLimits));
  await app.register(twoFactorRoutes(services, authLimits));
  for (const routes of [creditsRoutes, keysRoutes, workspacesRoutes, paymentsRoutes, alertsRoutes]) {
    await app.register(routes(services));
  }
  await app.register(webhooksRoutes(services, deliveryContext));
  await app.register(billingRoutes(services));
  const waitlistLimits = createWaitlistLimits({
    redis: services.redis,
    prefix: services.config.REDIS_PREFIX,
  });
  await app.register(waitlistRoutes(services, waitlistLimits));
  await app.register(waitlistAdminRoutes(services));
  await app.register(supportRoutes(services));
  await app.register(usageRoutes(services, engine));
  await app.register(
    upstreamCallbackRoutes(services, {
      pump: () => pump?.wake(),
      // The call waiting for the task may be in this process or in another.
      task: (taskId) => {
        waiters.wake(taskId);
        taskEvents.publish({ kind: 'wake', taskId });
      },
      callback: (upstreamTaskId) => waiters.callback(upstreamTaskId),
    }),
  );
  const gateway = createGateway(services, runner, urlGuard, {
    wakePump: () => pump?.wake(),
    // The task and its task.started event were written by one statement, committed by now.
    onTaskCreated: (task) => {
      taskEvents.publish(taskMessage({ ...task, status: 'processing' }));
      publishEvent({ kind: 'event', workspaceId: task.workspaceId });
    },
  });
  if (services.config.REQUEST_LOG === 'on') {
    const requestLog = createRequestLogWriter(services.pool, services.log, {
      onDropped: (count) => services.metrics.requestLogDropped.inc(count),
    });
    registerRequestLog(app, requestLog);
    // Runs once in-flight requests have answered, before the database closes (runtime.ts).
    app.addHook('onClose', () => requestLog.flush());
  }
  await app.register(providerRoutes(gateway));
  await app.register(uploadRoutes(gateway));
  await app.register(openAIRoutes(gateway), { prefix: OPENAI_BASE_PATH });
  for (const routes of [callCancelRoutes, requestLogApiRoutes, usageByMetadataApiRoutes]) {
    await app.register(routes(gateway));
  }
  for (const routes of [usageByMetadataRoutes, requestLogRoutes, docsRoutes])
    await app.register(routes(services));
  await app.register(adminRoutes(services, engine));
  await app.register(filesRoutes(services));
  const eventStreams = createTaskEventStreams(services, options.taskEvents, {
    onTaskMoved: (taskId) => waiters.wake(taskId),
  });
  listenForTasks = () => eventStreams.listen();
  services.lifecycle.endStreams.add(eventStreams.endStreams);
  // Open streams would hold app.close() forever: end them first, then stop listening.
  app.addHook('preClose', async () => eventStreams.endStreams());
  app.addHook('onClose', async () => {
    services.lifecycle.endStreams.delete(eventStreams.endStreams);
    await eventStreams.close();
  });
  await app.register(eventStreams.routes);
  await registerWebApp(app, webDistDir, { isWaitlistMode: services.config.WAITLIST_MODE });
  return app;
}
