import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { kieAccountsOf } from '../../platform/config.ts';
import { Unauthorized } from '../../platform/errors.ts';
import type { Services } from '../../platform/services.ts';
import { KIE_CALLBACK_PATH, taskOfCallbackUrl, verifyKieCallback } from '../engines/kie-callback.ts';
import { pollTaskNow, recoverLostCreate } from '../tasks/upstream-callbacks.ts';

/**
 * Upstream callbacks. kie.ai calls KIE_CALLBACK_PATH when a job changes state; a verified call
 * makes the task pump look at that task now instead of at its next back-off step, or, when a
 * sync call in this process holds the task, wakes that call to look (nothing is written).
 */
export const upstreamCallbackRoutes = (
  services: Services,
  wake: {
    pump: () => void;
    task: (taskId: string) => void;
    /** True if a sync call in this process holds the job's task and now looks at it itself. */
    callback: (upstreamTaskId: string) => boolean;
  },
): FastifyPluginAsyncZod =>
  async function routes(app) {
    const signing = kieAccountsOf(services.config).filter((account) => account.webhookHmacKey);
    if (services.config.PROVIDER_ENGINE !== 'kie' || signing.length === 0) return;

    app.post(
      KIE_CALLBACK_PATH,
      { schema: { tags: ['engines'], hide: true, response: { 200: z.object({ received: z.boolean() }) } } },
      async (request) => {
        const header = (name: string) => {
          const value = request.headers[name];
          return Array.isArray(value) ? value[0] : value;
        };
        // A pool's callback URL names the account whose HMAC key signs it; one account's names none.
        const named = (request.query as { acct?: unknown } | undefined)?.acct;
        const account = typeof named === 'string' ? signing.find((a) => a.id === named) : signing[0];
        const hmacKey = account?.webhookHmacKey;
        if (!hmacKey) throw new Unauthorized('Unknown kie.ai account');
        const upstreamTaskId = verifyKieCallback({
          hmacKey,
          body: request.body,
          timestamp: header('x-webhook-timestamp'),
          signature: header('x-webhook-signature'),
          nowMs: services.clock.now().getTime(),
        });
        // A sync call here holds the job's task: its create was answered and its job id is stored
        // (the call expects the callback only after that), so there is nothing to recover or write.
        if (wake.callback(upstreamTaskId)) return { received: true };
        // Our task, named in the URL we gave kie: a create whose answer was lost is recovered.
        const ourTaskId = taskOfCallbackUrl(hmacKey, request.query);
        if (ourTaskId && (await recoverLostCreate(services.db, ourTaskId, upstreamTaskId))) {
          request.log.warn({ taskId: ourTaskId }, 'a kie.ai create whose answer was lost is recovered');
          wake.pump();
          wake.task(ourTaskId);
          return { received: true };
        }
        const taskIds = await pollTaskNow(services.db, upstreamTaskId);
        if (taskIds.length > 0) wake.pump();
        // A sync call waiting here for the task looks now rather than at its next back-off step.
        for (const taskId of taskIds) wake.task(taskId);
        // Unknown or already settled tasks are acknowledged too: kie must not keep retrying them.
        return { received: true };
      },
    );
  };
