import { type Config, kieAccountsOf } from '../../platform/config.ts';
import { startRecurringJob } from '../../platform/jobs.ts';
import type { Services } from '../../platform/services.ts';
import { DEFAULT_PROFILE_ACTOR, LINKEDIN_ACTOR } from '../engines/apify-linkedin.ts';
import { watchKieAccounts } from './kie-account-watch.ts';
import { recordUpstreamReading, startUpstreamAlertMail, type UpstreamReading } from './upstream-alerts.ts';

export const UPSTREAM_WATCH_QUEUE = 'upstream-watch';
/** Every 5 minutes, like the ledger audit. */
export const UPSTREAM_WATCH_CRON = '*/5 * * * *';
const READ_TIMEOUT_MS = 15_000;

type WatchConfig = Pick<
  Config,
  | 'KIE_API_KEY'
  | 'KIE_API_KEYS'
  | 'KIE_BASE_URL'
  | 'APIFY_TOKEN'
  | 'APIFY_BASE_URL'
  | 'APIFY_PROFILE_ACTOR'
  | 'KIE_LOW_BALANCE_CREDITS'
  | 'APIFY_LOW_BALANCE_USD'
>;

async function getJson(url: string, token: string): Promise<Record<string, unknown>> {
  const response = await fetch(url, {
    headers: { authorization: `Bearer ${token}` },
    signal: AbortSignal.timeout(READ_TIMEOUT_MS),
  });
  const body = (await response.json().catch(() => ({}))) as Record<string, unknown>;
  if (!response.ok) throw new Error(`answered ${response.status}`);
  return body;
}

/** kie.ai's credit endpoint: `{ code: 200, msg, data: <credits> }` (docs/upstreams.md, "Balances"). */
export async function readKieCredits(config: Pick<Config, 'KIE_API_KEY' | 'KIE_BASE_URL'>): Promise<number> {
  const body = await getJson(
    `${config.KIE_BASE_URL.replace(/\/+$/, '')}/api/v1/chat/credit`,
    config.KIE_API_KEY ?? '',
  );
  const credits = Number(body.data);
  if (body.code !== 200 || !Number.isFinite(credits)) throw new Error(`answered code ${String(body.code)}`);
  return credits;
}

/** Apify's limits: dollars left of this cycle's usage limit (`limits.maxMonthlyUsageUsd - current.monthlyUsageUsd`). */
export async function readApifyDollarsLeft(
  config: Pick<Config, 'APIFY_TOKEN' | 'APIFY_BASE_URL'>,
): Promise<number> {
  const body = await getJson(
    `${config.APIFY_BASE_URL.replace(/\/+$/, '')}/v2/users/me/limits`,
    config.APIFY_TOKEN ?? '',
  );
  const data = body.data as {
    limits?: { maxMonthlyUsageUsd?: unknown };
    current?: { monthlyUsageUsd?: unknown };
  };
  const limit = Number(data?.limits?.maxMonthlyUsageUsd);
  const used = Number(data?.current?.monthlyUsageUsd);
  if (!Number.isFinite(limit) || !Number.isFinite(used)) throw new Error('answered no usage limit');
  return Math.round((limit - used) * 100) / 100;
}

/** The alert text of a missing actor: the posts actor stops LinkedIn, the profile actor thins it. */
export const actorMissingReason = (actor: string, isPostsActor: boolean) =>
  `Apify actor ${actor} was not found: LinkedIn calls ${isPostsActor ? 'fail and are refunded' : 'answer without profile details'} until it exists again`;

/** Whether each actor the LinkedIn calls use exists (`GET /v2/acts/<actor>`): a 404 raises its alert, a 200 clears it. */
async function actorReadings(config: WatchConfig): Promise<UpstreamReading[]> {
  const actors: [string, boolean][] = [[LINKEDIN_ACTOR, true]];
  const profileActor = config.APIFY_PROFILE_ACTOR ?? DEFAULT_PROFILE_ACTOR;
  if (profileActor !== 'off') actors.push([profileActor, false]);
  const readings: UpstreamReading[] = [];
  for (const [actor, isPostsActor] of actors) {
    const response = await fetch(`${config.APIFY_BASE_URL.replace(/\/+$/, '')}/v2/acts/${actor}`, {
      headers: { authorization: `Bearer ${config.APIFY_TOKEN}` },
      signal: AbortSignal.timeout(READ_TIMEOUT_MS),
    }).catch(() => undefined);
    // Only a clear answer changes the alert: an unreachable Apify says nothing about the actor.
    if (response?.status === 404) {
      readings.push({
        id: `apify:actor:${actor}`,
        upstream: 'Apify',
        isProblem: true,
        reason: actorMissingReason(actor, isPostsActor),
      });
    } else if (response?.ok) {
      readings.push({
        id: `apify:actor:${actor}`,
        upstream: 'Apify',
        isProblem: false,
        reason: `Apify actor ${actor} exists`,
      });
    }
    await response?.body?.cancel();
  }
  return readings;
}

/** A reading, or the failure to read, as the alert row sees it: an unreadable balance is a problem too. */
async function reading(
  id: string,
  upstream: string,
  read: () => Promise<number>,
  threshold: number,
  describe: (value: number) => string,
): Promise<UpstreamReading> {
  try {
    const value = await read();
    return { id, upstream, isProblem: value < threshold, reason: describe(value), value };
  } catch (error) {
    const why = error instanceof Error ? error.message : String(error);
    return {
      id,
      upstream,
      isProblem: true,
      reason: `${upstream} balance could not be read: ${why}`,
      value: null,
    };
  }
}

/** Reads every configured upstream's balance once and records it; answers the readings. */
export async function runUpstreamWatch(
  services: Pick<Services, 'db' | 'pool' | 'jobs' | 'log'> & { config: Services['config'] & WatchConfig },
): Promise<UpstreamReading[]> {
  const { config } = services;
  const readings: Promise<UpstreamReading>[] = [];
  const accounts = kieAccountsOf(config);
  const below = config.KIE_LOW_BALANCE_CREDITS;
  // One account keeps its one alert (`kie:balance`); a pool has one per account, named by its id.
  const isPool = accounts.length > 1;
  for (const account of accounts) {
    const name = isPool ? `kie.ai account ${account.label} (${account.id})` : 'kie.ai';
    readings.push(
      reading(
        isPool ? `kie:balance:${account.id}` : 'kie:balance',
        'kie.ai',
        () => readKieCredits({ KIE_API_KEY: account.apiKey, KIE_BASE_URL: config.KIE_BASE_URL }),
        below,
        (credits) =>
          credits < below
            ? `${name} has ${credits} credits left, below ${below}: top up`
            : `${name} has ${credits} credits left`,
      ).then((result) => ({ ...result, kieAccount: account.id })),
    );
  }
  if (config.APIFY_TOKEN) {
    const below = config.APIFY_LOW_BALANCE_USD;
    readings.push(
      reading(
        'apify:balance',
        'Apify',
        () => readApifyDollarsLeft(config),
        below,
        (usd) =>
          usd < below
            ? `Apify has $${usd} left of its monthly usage limit, below $${below}: raise the limit`
            : `Apify has $${usd} left of its monthly usage limit`,
      ),
    );
  }
  const done = [...(await Promise.all(readings)), ...(config.APIFY_TOKEN ? await actorReadings(config) : [])];
  for (const result of done) await recordUpstreamReading(services, result);
  await watchKieAccounts(services, done, below);
  return done;
}

/**
 * The balance watch runs on worker processes (ROLE worker or all): every 5 minutes by pg-boss's
 * schedule and once at start, one run at a time across processes (a singleton job).
 */
export async function startUpstreamWatch(services: Services) {
  await startUpstreamAlertMail(services);
  // One look at start, so a new deployment shows the upstreams' state at once; a restart (or
  // several workers starting together) within 5 minutes of the last asks no upstream again.
  const watch = async () => {
    await runUpstreamWatch(services);
  };
  const timing = { pollingIntervalSeconds: 5, startSingletonSeconds: 300 };
  await startRecurringJob(services, UPSTREAM_WATCH_QUEUE, UPSTREAM_WATCH_CRON, watch, timing);
}
