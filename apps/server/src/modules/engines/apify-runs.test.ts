import { LinkedinProfile, type LinkedinRequest } from '@conduit/contracts';
import pino from 'pino';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type FakeApify, POSTS_ACTOR, PROFILE_ACTOR, startFakeApify } from '../../../test/fake-apify.ts';
import { rejectionOf } from '../../../test/rejection.ts';
import { createApifyLinkedinScraper } from './apify-linkedin.ts';
import { ApifyActorMissing, billedMicrosOf } from './apify-run.ts';
import { UpstreamRejected, UpstreamUnavailable } from './engine.ts';

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
const runsOf = (actor: string, username: string) =>
  apify.runs.filter((run) => run.actor === actor && JSON.stringify(run.input).includes(username));

beforeAll(async () => {
  apify = await startFakeApify();
});
afterAll(() => apify.close());
beforeEach(() => {
  apify.slowMs = 2_000;
  apify.syncWaitMs = 300_000;
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

  it('408 leaves the run going upstream: billed, and never more results than maxItems', async () => {
    apify.slowMs = 600;
    apify.syncWaitMs = 100;
    const error = await rejectionOf(scraper()(ask('slow-408', { limit: 2, total_posts: 50 })));
    expect(error).toBeInstanceOf(UpstreamUnavailable);
    expect(error).not.toBeInstanceOf(UpstreamRejected);
    expect(error.message).toContain('408');
    expect(billedMicrosOf(error)).toBe(2 * POST_MICROS + PROFILE_MICROS);
    const [run] = runsOf(POSTS_ACTOR, 'slow-408');
    expect(run?.status).toBe('RUNNING');
    await expect.poll(() => run?.status, { timeout: 3_000 }).toBe('SUCCEEDED');
    expect(run?.chargedItems).toBe(2);
  });
});
