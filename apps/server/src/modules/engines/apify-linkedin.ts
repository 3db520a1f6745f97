import { CHEAPEST_CREDIT_MICRO_USD, type LinkedinRequest, SERVICE_COST } from '@conduit/contracts';
import pino, { type Logger } from 'pino';
import type { Config } from '../../platform/config.ts';
import { type ActorRunResult, ApifyActorMissing, billedMicrosOf, runActor, withBilled } from './apify-run.ts';
import { type LinkedinResult, UpstreamRejected, UpstreamUnavailable } from './engine.ts';
import { mapLinkedinItems, mapProfileItem } from './linkedin-items.ts';

export { mapLinkedinItems, mapProfileItem } from './linkedin-items.ts';

export const LINKEDIN_ACTOR = 'apimaestro~linkedin-profile-posts';
/** The profile actor when APIFY_PROFILE_ACTOR is unset (docs/upstreams.md, "Apify: LinkedIn profile"). */
export const DEFAULT_PROFILE_ACTOR = 'dev_fusion~linkedin-profile-scraper';
/** List prices per 1,000 results when the configuration names none. */
export const DEFAULT_POSTS_PRICE_PER_1000_USD = 5;
export const DEFAULT_PROFILE_PRICE_PER_1000_USD = 10;
/** Inside the 150 s the LinkedIn endpoint waits, so a slow run fails as ours, not as a hung call. */
const RUN_TIMEOUT_MS = 140_000;
/** The run's own timeout on Apify: it stops there, before we stop waiting, so it cannot bill on. */
const ACTOR_TIMEOUT_S = 120;
const NOT_FOUND = 'Profile not found or has no public posts';
/** The share of a call's charge cap given to the profile run (one result); the posts run gets the rest. */
const PROFILE_CAP_SHARE = 0.2;

/**
 * What the runs of one call may charge in all, millionths of a dollar: what the customer pays for
 * it (its credits) at the cheapest rate a pack sells credits, so no call can cost more upstream
 * than it brings in.
 */
export const linkedinChargeCapMicros = (chargedCredits: number | undefined) =>
  Math.floor((chargedCredits ?? SERVICE_COST.linkedin) * CHEAPEST_CREDIT_MICRO_USD);

export interface ApifyLinkedinOptions {
  log?: Logger;
  /** How long we wait for one call (both runs), on top of the caller's own signal. */
  timeoutMs?: number;
  /** The `timeout` each run gets on Apify, in seconds. */
  actorTimeoutS?: number;
}

type ScraperConfig = Pick<Config, 'APIFY_TOKEN' | 'APIFY_BASE_URL'> &
  Partial<
    Pick<
      Config,
      'APIFY_PROFILE_ACTOR' | 'APIFY_POSTS_PRICE_PER_1000_USD' | 'APIFY_PROFILE_PRICE_PER_1000_USD'
    >
  >;

/** What a run cost: its results, or what it billed before it failed. */
const costOf = (outcome: ActorRunResult | Error | undefined) =>
  outcome instanceof Error ? billedMicrosOf(outcome) : (outcome?.costMicros ?? 0);

const perResultMicros = (per1000Usd: number) => Math.round(per1000Usd * 1000);

/**
 * The LinkedIn scrape: a synchronous run of the posts actor and, for the first page, one of the
 * profile actor beside it. Each run is capped to what the answer uses (`maxItems`, `timeout`) and
 * to what the customer pays (`maxTotalChargeUsd`), and the result carries what both runs cost by
 * their run objects (`runCostMicros`); a failure carries what was billed anyway.
 */
export function createApifyLinkedinScraper(
  config: ScraperConfig,
  options: ApifyLinkedinOptions = {},
): (request: LinkedinRequest, signal?: AbortSignal, chargedCredits?: number) => Promise<LinkedinResult> {
  const log = options.log ?? pino({ level: 'silent' });
  const profileActor = config.APIFY_PROFILE_ACTOR ?? DEFAULT_PROFILE_ACTOR;
  const postPrice = perResultMicros(
    config.APIFY_POSTS_PRICE_PER_1000_USD ?? DEFAULT_POSTS_PRICE_PER_1000_USD,
  );
  const profilePrice = perResultMicros(
    config.APIFY_PROFILE_PRICE_PER_1000_USD ?? DEFAULT_PROFILE_PRICE_PER_1000_USD,
  );
  return async (request, signal, chargedCredits) => {
    const token = config.APIFY_TOKEN;
    if (!token) throw new UpstreamUnavailable('LinkedIn scraping is not configured');
    const timeout = AbortSignal.timeout(options.timeoutMs ?? RUN_TIMEOUT_MS);
    const both = signal ? AbortSignal.any([signal, timeout]) : timeout;
    const common = {
      baseUrl: config.APIFY_BASE_URL,
      token,
      timeoutS: options.actorTimeoutS ?? ACTOR_TIMEOUT_S,
      signal: both,
      abortReason: () => (signal?.aborted ? 'was cancelled' : 'timed out'),
      log,
    };
    const limit = request.limit;
    const isFirstPage = (request.page_number ?? 1) === 1 && !request.pagination_token;
    const withProfile = isFirstPage && profileActor !== 'off';
    // Every run carries a charge cap; together they never pass what the customer pays.
    const capMicros = linkedinChargeCapMicros(chargedCredits);
    const profileCap = withProfile ? Math.floor(capMicros * PROFILE_CAP_SHARE) : 0;
    // The answer holds `limit` posts: the run collects no more (`total_posts` caps it further).
    const posts = runActor({
      ...common,
      actor: LINKEDIN_ACTOR,
      input: {
        username: request.username,
        page_number: request.page_number ?? 1,
        pagination_token: request.pagination_token,
        limit,
        total_posts: Math.min(request.total_posts ?? limit, limit),
      },
      maxItems: limit,
      maxChargeMicros: capMicros - profileCap,
      itemPriceMicros: postPrice,
    });
    const profile: Promise<ActorRunResult | Error> | undefined = withProfile
      ? runActor({
          ...common,
          actor: profileActor,
          input: { profileUrls: [`https://www.linkedin.com/in/${encodeURIComponent(request.username)}`] },
          maxItems: 1,
          maxChargeMicros: profileCap,
          itemPriceMicros: profilePrice,
        }).catch((error: Error) => error)
      : undefined;
    let postRun: ActorRunResult;
    try {
      postRun = await posts;
    } catch (error) {
      throw withBilled(error as Error, billedMicrosOf(error) + costOf(await profile));
    }
    const profileOutcome = await profile;
    const runCostMicros = postRun.costMicros + costOf(profileOutcome);
    const result = mapLinkedinItems(postRun.items, request);
    if (result.posts.length === 0) throw withBilled(new UpstreamRejected(NOT_FOUND), runCostMicros);
    if (profileOutcome instanceof Error) {
      // The posts stand without the profile's extra fields; a missing actor is the operator's.
      log.warn(
        { err: profileOutcome, actor: profileActor },
        'LinkedIn profile run failed; answering without it',
      );
    } else if (profileOutcome) {
      Object.assign(result.profile, mapProfileItem(profileOutcome.items[0]), {
        username: result.profile.username,
        profileUrl: result.profile.profileUrl,
      });
    }
    return {
      ...result,
      runCostMicros,
      ...(profileOutcome instanceof ApifyActorMissing && { missingActor: profileOutcome.actor }),
    };
  };
}
