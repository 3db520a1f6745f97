import { type LinkedinRequest, SYNC_WAIT_S } from '@conduit/contracts';
import { openChannelCircuit } from '../channels/open-circuit.ts';
import { ApifyActorMissing, billedMicrosOf } from '../engines/apify-run.ts';
import { UpstreamRejected } from '../engines/engine.ts';
import type { TaskRow } from '../tasks/schema.ts';
import { completeTask, failTask, findTask, type SettledTask } from '../tasks/settle-task.ts';
import { actorMissingReason } from '../upstream-watch/balance-watch.ts';
import { recordUpstreamReading } from '../upstream-watch/upstream-alerts.ts';
import type { Gateway } from './gateway.ts';
import { publicFailureReason } from './task-runner.ts';

const WAIT_STEP_MS = 250;
const WAIT_MS = SYNC_WAIT_S.linkedin * 1000;
/** How long a new LinkedIn task is its call's (ChargeInput.leaseUntil): the scrape, and some. */
export const linkedinLeaseUntil = () => new Date(Date.now() + WAIT_MS + 30_000);

/** The Apify channel that serves LinkedIn (channels/build-channels.ts). */
const APIFY_LINKEDIN_CHANNEL = 'apify:linkedin';

/**
 * An actor that does not exist is our configuration: the admins are mailed (once), and when it is
 * the posts actor the channel's circuit opens, so calls fail fast instead of each trying it.
 */
async function actorMissing(gateway: Gateway, actor: string, opensCircuit: boolean) {
  const { services } = gateway;
  try {
    await recordUpstreamReading(services, {
      id: `apify:actor:${actor}`,
      upstream: 'Apify',
      isProblem: true,
      reason: actorMissingReason(actor, opensCircuit),
    });
    if (opensCircuit) {
      await openChannelCircuit(services.pool, APIFY_LINKEDIN_CHANNEL);
      gateway.engine.channelsChanged?.();
    }
  } catch (error) {
    services.log.error({ err: error, actor }, 'could not record the missing Apify actor');
  }
}

/**
 * LinkedIn is synchronous upstream: the charged call scrapes now and settles the task with the
 * data (or fails and refunds it). The task is the call's from its creation (charged with
 * `linkedinLeaseUntil`), so no worker takes it meanwhile. A replay of the same Idempotency-Key
 * waits for the first call instead of scraping (and charging) again.
 */
export async function runLinkedinCall(
  gateway: Gateway,
  taskId: string,
  request: LinkedinRequest,
  isReplay: boolean,
  /** The credits the call was charged: its Apify runs may charge no more than they bring in. */
  chargedCredits?: number,
  /** False for a test key's call: served by the development engine. */
  livemode = true,
): Promise<TaskRow | undefined> {
  const { db } = gateway.services;
  const waitMs = WAIT_MS;
  if (isReplay) {
    const until = Date.now() + waitMs;
    let task = await findTask(db, taskId);
    while (task?.status === 'processing' && Date.now() < until) {
      await new Promise((resolve) => setTimeout(resolve, WAIT_STEP_MS));
      task = await findTask(db, taskId);
    }
    return task;
  }
  const settler = { db, engine: gateway.engine };
  let settled: SettledTask | undefined;
  try {
    const result = await gateway.engine.scrapeLinkedin(request, {
      signal: AbortSignal.timeout(waitMs),
      chargedCredits,
      livemode,
    });
    if (result.missingActor) await actorMissing(gateway, result.missingActor, false);
    settled = await completeTask(
      settler,
      taskId,
      {
        profile: result.profile,
        posts: result.posts,
        pagination_token: result.paginationToken,
      },
      // The runs' own cost (their results) before the channel's flat price.
      { servedBy: { ...result, upstreamCostMicros: result.runCostMicros ?? result.upstreamCostMicros } },
    );
  } catch (error) {
    if (error instanceof ApifyActorMissing) await actorMissing(gateway, error.actor, true);
    else if (!(error instanceof UpstreamRejected))
      gateway.services.log.warn({ err: error, taskId }, 'linkedin scrape failed');
    settled = await failTask(settler, taskId, publicFailureReason(error), {
      billedMicros: billedMicrosOf(error),
    });
  }
  if (settled) gateway.runner.onSettled?.(settled);
  return settled ?? findTask(db, taskId);
}
