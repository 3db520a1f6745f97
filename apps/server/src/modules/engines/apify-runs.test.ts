import { CHEAPEST_CREDIT_MICRO_USD, LinkedinProfile, type LinkedinRequest } from '@conduit/contracts';
import pino from 'pino';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type FakeApify, POSTS_ACTOR, PROFILE_ACTOR, startFakeApify } from '../../../test/fake-apify.ts';
import { rejectionOf } from '../../../test/rejection.ts';
import { createApifyLinkedinScraper } from './apify-linkedin.ts';
import { ApifyActorMissing, billedMicrosOf } from './apify-run.ts';
import { UpstreamUnavailable } from './engine.ts';

// Configured prices: $5 and $10 per 1,000 results, so 5,000 and 10,000 micros a result.
const POST_MICROS = 5_000;
const PROFILE_MICROS = 10_000;

let apify: FakeApify;
const log = pino({ level: 'silent' });
const ask = (username: string, extra: Partial<LinkedinRequest> = {}): LinkedinRequest => ({
  username,
  page_number: 1,
  limit: 3,
  ...extra,
});
const scraper = (options: { timeoutMs?: number; actorTimeoutS?: number } = {}) =>
  createApifyLinkedinScraper(
    {
      APIFY_TOKEN: apify.token,
      APIFY_BASE_URL: apify.url,
      APIFY_POSTS_PRICE_PER_1000_USD: 5,
      APIFY_PROFILE_PRICE_PER_1000_USD: 10,
    },
    { log, timeoutMs: options.timeoutMs ?? 5_000, actorTimeoutS: options.actorTimeoutS },
  );
const scraperWithCredits = (credits: number) => {
  const scrape = scraper();
  return (request: LinkedinRequest) => scrape(request, undefined, credits);
};
const runsOf = (actor: string, username: string) =>
  apify.runs.filter((run) => run.actor === actor && JSON.stringify(run.input).includes(username));

beforeAll(async () => {
  apify = await startFakeApify();
});
afterAll(() => apify.close());
beforeEach(() => {
  apify.slowMs = 2_000;
  apify.payPerEvent = {};
  apify.usageUsdPerRun = 0;
  apify.isMemoryFull = false;
  apify.missingActors.clear();
});

describe('what one LinkedIn call may cost on Apify', () => {
  it('caps the posts run at the answer: maxItems and total_posts are the limit, timeout is sent', async () => {
    const result = await scraper({ actorTimeoutS: 90 })(ask('capped', { limit: 5, total_posts: 10_000 }));
    const [run] = runsOf(POSTS_ACTOR, 'capped');
    expect(run?.query).toMatchObject({ maxItems: '5', timeout: '90' });
    expect(run?.input).toMatchObject({ limit: 5, total_posts: 5 });
    expect(run?.chargedItems).toBe(5);
    expect(result.posts).toHaveLength(5);
    // Five posts and one profile, by the configured prices.
    expect(result.runCostMicros).toBe(5 * POST_MICROS + PROFILE_MICROS);
  });

  it('fetches the profile once, on the first page only, and maps its contact fields', async () => {
    const first = await scraper()(ask('grace'));
    expect(LinkedinProfile.parse(first.profile)).toEqual({
      username: 'grace',
      name: 'Ada Lovelace',
      headline: 'Analyst of engines',
      profileUrl: 'https://www.linkedin.com/in/grace',
      location: 'London, England, United Kingdom',
      followers: 12_847,
      connections: 500,
      email: 'grace@example.com',
      website: 'https://grace.example.com',
    });
    expect(runsOf(PROFILE_ACTOR, 'grace')).toHaveLength(1);
    expect(runsOf(PROFILE_ACTOR, 'grace')[0]?.query).toMatchObject({ maxItems: '1' });
    const second = await scraper()(ask('grace', { page_number: 2 }));
    expect(second.profile.email).toBeUndefined();
    expect(second.runCostMicros).toBe(3 * POST_MICROS);
    expect(runsOf(PROFILE_ACTOR, 'grace')).toHaveLength(1);
  });

  it('unwraps a page pushed as one item `{ data: { posts } }`, billed as one result', async () => {
    const result = await scraper()(ask('wrapped-ada', { limit: 4 }));
    expect(result.posts.map((post) => post.text)).toEqual(
      [0, 1, 2, 3].map((i) => `Post ${i} of page 1 by wrapped-ada`),
    );
    expect(result.paginationToken).toBe('token-after-page-1');
    expect(result.runCostMicros).toBe(POST_MICROS + PROFILE_MICROS);
  });
});

describe('Apify failures', () => {
  it('a missing posts actor is ApifyActorMissing, not "Profile not found"', async () => {
    apify.missingActors.add(POSTS_ACTOR);
    const error = await rejectionOf(scraper()(ask('ada')));
    expect(error).toBeInstanceOf(ApifyActorMissing);
    expect(error).toBeInstanceOf(UpstreamUnavailable);
    expect(error.message).toBe(`Apify actor ${POSTS_ACTOR} was not found`);
    // The profile run beside it did run and bill.
    expect(billedMicrosOf(error)).toBe(PROFILE_MICROS);
  });

  it('a missing profile actor still answers the posts, naming the actor for the operator', async () => {
    apify.missingActors.add(PROFILE_ACTOR);
    const result = await scraper()(ask('ada'));
    expect(result.posts).toHaveLength(3);
    expect(result.profile.email).toBeUndefined();
    expect(result.missingActor).toBe(PROFILE_ACTOR);
  });

  it('402 for the memory limit is tried again later in the call, and then served', async () => {
    apify.isMemoryFull = true;
    setTimeout(() => {
      apify.isMemoryFull = false;
    }, 500);
    const result = await scraper()(ask('patient'));
    expect(result.posts).toHaveLength(3);
    expect(runsOf(POSTS_ACTOR, 'patient')).toHaveLength(1);
  });

  it('a run past its timeout stops upstream and what it pushed is billed to the failed call', async () => {
    apify.slowMs = 1_500;
    const error = await rejectionOf(scraper({ actorTimeoutS: 1 })(ask('slow-stopped', { limit: 4 })));
    expect(error).toBeInstanceOf(UpstreamUnavailable);
    expect(runsOf(POSTS_ACTOR, 'slow-stopped')[0]?.status).toBe('TIMED-OUT');
    // The most the two runs can bill: maxItems posts and one profile.
    expect(billedMicrosOf(error)).toBe(4 * POST_MICROS + PROFILE_MICROS);
  });

  it('a run we stop waiting for is aborted on Apify and billed what its run object says', async () => {
    apify.slowMs = 2_000;
    const error = await rejectionOf(scraper({ timeoutMs: 500 })(ask('slow-abandoned', { limit: 8 })));
    expect(error).toBeInstanceOf(UpstreamUnavailable);
    expect(error.message).toContain('timed out');
    const [run] = runsOf(POSTS_ACTOR, 'slow-abandoned');
    expect(run?.status).toBe('ABORTED');
    expect(apify.aborted).toContain(run?.id);
    // What it pushed before the abort, at the most maxItems; the profile run (not slow) finished.
    expect(run?.chargedItems).toBeLessThan(8);
    expect(billedMicrosOf(error)).toBe(8 * POST_MICROS + PROFILE_MICROS);
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    expect(run?.status).toBe('ABORTED');
  });

  it('a 5xx at the run start is possibly billed: the run may go on, so its cap is recorded', async () => {
    const error = await rejectionOf(scraperWithCredits(2)(ask('broken-start', { limit: 3 })));
    expect(error).toBeInstanceOf(UpstreamUnavailable);
    // Both runs started and answered 500: each may bill up to its cap, the call's 2 credits in all.
    expect(billedMicrosOf(error)).toBe(2 * CHEAPEST_CREDIT_MICRO_USD);
    expect(runsOf(POSTS_ACTOR, 'broken-start')).toHaveLength(1);
  });

  it('a connection dropped at the run start is possibly billed: the run Apify created goes on, so its cap is recorded', async () => {
    const error = await rejectionOf(scraperWithCredits(2)(ask('dropped-start', { limit: 3 })));
    expect(error).toBeInstanceOf(UpstreamUnavailable);
    expect((error as Error).message).toContain('lost its answer');
    expect(billedMicrosOf(error)).toBe(2 * CHEAPEST_CREDIT_MICRO_USD);
    // One run of each actor: the lost start is not sent again.
    expect(runsOf(POSTS_ACTOR, 'dropped-start')).toHaveLength(1);
    expect(runsOf(PROFILE_ACTOR, 'dropped-start')).toHaveLength(1);
  });
});

describe('charge caps: what the customer pays bounds every run', () => {
  it("every run carries maxItems and maxTotalChargeUsd; together the caps are the call's credits at the cheapest rate", async () => {
    await scraperWithCredits(3)(ask('capped-runs', { limit: 4 }));
    const [posts] = runsOf(POSTS_ACTOR, 'capped-runs');
    const [profile] = runsOf(PROFILE_ACTOR, 'capped-runs');
    const cap = (run: typeof posts) => Math.round(Number(run?.query.maxTotalChargeUsd) * 1e6);
    expect(posts?.query).toMatchObject({ maxItems: '4' });
    expect(profile?.query).toMatchObject({ maxItems: '1' });
    expect(cap(posts) + cap(profile)).toBe(3 * CHEAPEST_CREDIT_MICRO_USD);
    expect(cap(profile)).toBeGreaterThan(0);
  });

  it('a pay-per-event actor stops charging at maxTotalChargeUsd; the call records the events charged and the usage', async () => {
    apify.payPerEvent = { [POSTS_ACTOR]: { start: 0.005, result: 0.005 } };
    apify.usageUsdPerRun = 0.0004;
    const result = await scraperWithCredits(2)(ask('ppe-many', { limit: 100, total_posts: 100 }));
    const [run] = runsOf(POSTS_ACTOR, 'ppe-many');
    const capUsd = Number(run?.query.maxTotalChargeUsd);
    // maxItems does nothing for pay-per-event: the cap ends the run before 100 results.
    expect(run?.chargedEventCounts['actor-start']).toBe(1);
    expect(run?.chargedItems).toBe(Math.floor((capUsd - 0.005) / 0.005 + 1e-9));
    expect(run?.chargedItems).toBeLessThan(100);
    expect(result.posts).toHaveLength(run?.chargedItems ?? -1);
    const [profile] = runsOf(PROFILE_ACTOR, 'ppe-many');
    const billedUsd = (run?.usd ?? 0) + (profile?.usd ?? 0);
    expect(result.runCostMicros).toBe(Math.round(billedUsd * 1e6));
    expect(result.runCostMicros).toBeLessThanOrEqual(2 * CHEAPEST_CREDIT_MICRO_USD);
  });

  it('without charge caps the same run would have charged all 100 results (the fake honours the cap, not the limit)', async () => {
    apify.payPerEvent = { [POSTS_ACTOR]: { start: 0.005, result: 0.005 } };
    const result = await scraperWithCredits(100)(ask('ppe-rich', { limit: 100, total_posts: 100 }));
    expect(result.posts).toHaveLength(100);
    expect(runsOf(POSTS_ACTOR, 'ppe-rich')[0]?.usd).toBeCloseTo(0.505, 6);
  });
});
