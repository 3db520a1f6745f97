import { LinkedinPost, LinkedinProfile, type LinkedinRequest } from '@conduit/contracts';
import pino from 'pino';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { actorPost, type FakeApify, startFakeApify } from '../../../test/fake-apify.ts';
import { type FakeKie, startFakeKie } from '../../../test/fake-kie.ts';
import { createPaidAccount, ledgerCheck } from '../../../test/paid-account.ts';
import { rejectionOf } from '../../../test/rejection.ts';
import { createTestRuntime, type TestRuntime } from '../../../test/test-runtime.ts';
import { createApifyLinkedinScraper, mapLinkedinItems } from './apify-linkedin.ts';
import { UpstreamRejected, UpstreamUnavailable } from './engine.ts';
import { createKieEngine } from './kie-engine.ts';

let apify: FakeApify;
let logged: Record<string, unknown>[] = [];
const log = pino({ level: 'error' }, { write: (line: string) => void logged.push(JSON.parse(line)) });

const ask = (username: string, extra: Partial<LinkedinRequest> = {}): LinkedinRequest => ({
  username,
  page_number: 1,
  limit: 3,
  ...extra,
});
const scraperFor = (token = apify.token, timeoutMs = 2_000, baseUrl = apify.url) =>
  createApifyLinkedinScraper({ APIFY_TOKEN: token, APIFY_BASE_URL: baseUrl }, { log, timeoutMs });

beforeAll(async () => {
  apify = await startFakeApify();
});
afterAll(() => apify.close());
beforeEach(() => {
  logged = [];
});

describe('mapping the actor items', () => {
  it('maps profile, posts with stats and media, and the pagination token', () => {
    const items = [0, 1, 2].map((index) => actorPost('ada-lovelace', index, 1));
    const result = mapLinkedinItems(items, ask('ada-lovelace'));
    expect(result.profile).toEqual({
      username: 'ada-lovelace',
      name: 'Ada Lovelace',
      headline: 'Analyst of engines',
      profileUrl: 'https://www.linkedin.com/in/ada-lovelace',
    });
    expect(result.posts[1]).toEqual({
      id: '7001000000000000001',
      url: 'https://www.linkedin.com/posts/ada-lovelace_activity-7001000000000000001',
      text: 'Post 1 of page 1 by ada-lovelace',
      postedAt: '2025-03-04T10:20:30.001Z',
      author: { name: 'Ada Lovelace', username: 'ada-lovelace', headline: 'Analyst of engines' },
      stats: {
        likes: 11,
        comments: 3,
        reposts: 2,
        reactions: { like: 8, support: 1, love: 1, insight: 1, celebrate: 0 },
      },
      media: [{ type: 'image', url: 'https://media.licdn.com/dms/image/post-1.jpg' }],
    });
    expect(result.paginationToken).toBe('token-after-page-1');
  });

  it('survives missing fields and junk items with sensible defaults', () => {
    const items = [
      {},
      null,
      'junk',
      { error: 'No posts found' },
      { text: 'only text', stats: { like: '1,204', comments: 'n/a' }, posted_at: 'not a date' },
      {
        urn: { activity_urn: '7111' },
        author: { name: 'Someone Else' },
        media: {
          type: 'images',
          images: [{ url: 'https://media.licdn.com/a.jpg' }, 'https://media.licdn.com/b.jpg'],
        },
        posted_at: { date: '2024-01-02' },
      },
    ];
    const result = mapLinkedinItems(items, ask('grace'));
    expect(LinkedinProfile.parse(result.profile)).toEqual({
      username: 'grace',
      name: 'Someone Else',
      profileUrl: 'https://www.linkedin.com/in/grace',
    });
    expect(LinkedinPost.array().parse(result.posts)).toEqual([
      {
        id: 'post-1',
        url: '',
        text: 'only text',
        postedAt: 'not a date',
        author: { name: 'Someone Else', username: 'grace' },
        stats: { likes: 1204, comments: 0, reposts: 0, reactions: { like: 1204 } },
      },
      {
        id: '7111',
        url: '',
        text: '',
        postedAt: '2024-01-02T00:00:00.000Z',
        author: { name: 'Someone Else', username: 'grace' },
        stats: { likes: 0, comments: 0, reposts: 0 },
        media: [
          { type: 'image', url: 'https://media.licdn.com/a.jpg' },
          { type: 'image', url: 'https://media.licdn.com/b.jpg' },
        ],
      },
    ]);
    expect(result.paginationToken).toBeNull();
    expect(mapLinkedinItems([], ask('x')).posts).toEqual([]);
  });

  it('answers at most `limit` posts', () => {
    const items = Array.from({ length: 8 }, (_, index) => actorPost('ada', index, 1));
    expect(mapLinkedinItems(items, ask('ada', { limit: 5 })).posts).toHaveLength(5);
  });
});

describe('the Apify run', () => {
  it('sends the actor input with our token and maps the dataset', async () => {
    const result = await scraperFor()(
      ask('ada', { page_number: 2, pagination_token: 'token-after-page-1', limit: 4, total_posts: 40 }),
    );
    // total_posts never asks for more than the answer holds.
    expect(apify.inputs.at(-1)).toEqual({
      username: 'ada',
      page_number: 2,
      pagination_token: 'token-after-page-1',
      limit: 4,
      total_posts: 4,
    });
    expect(result.posts).toHaveLength(4);
    expect(result.posts[0]?.text).toBe('Post 0 of page 2 by ada');
    expect(result.paginationToken).toBe('token-after-page-2');
  });

  it('an empty dataset is a rejection: the profile has no public posts', async () => {
    const error = await rejectionOf(scraperFor()(ask('nobody')));
    expect(error).toBeInstanceOf(UpstreamRejected);
    expect(error.message).toBe('Profile not found or has no public posts');
    const sparse = await scraperFor()(ask('sparse', { limit: 5 }));
    expect(sparse.posts.map((p) => p.text)).toEqual(['only text', '']);
  });

  it('429, 5xx, an unreachable Apify and a bad token are unavailable; the bad token is logged as an error', async () => {
    const busy = await rejectionOf(scraperFor()(ask('busy')));
    expect(busy).toBeInstanceOf(UpstreamUnavailable);
    expect(busy.retryAfterMs).toBe(3000);
    expect(await rejectionOf(scraperFor()(ask('broken')))).toBeInstanceOf(UpstreamUnavailable);
    expect(await rejectionOf(scraperFor(apify.token, 500, 'http://127.0.0.1:9')(ask('ada')))).toBeInstanceOf(
      UpstreamUnavailable,
    );
    expect(logged).toEqual([]);
    expect(await rejectionOf(scraperFor('wrong-token')(ask('ada', { page_number: 2 })))).toBeInstanceOf(
      UpstreamUnavailable,
    );
    expect(logged).toMatchObject([
      { level: 50, upstream: 'apify', status: 401, errorType: 'token-not-valid' },
    ]);
    expect(JSON.stringify(logged)).not.toContain('wrong-token');
  });

  it('times out on its own, and stops as soon as the caller aborts', async () => {
    apify.slowMs = 1_500;
    let started = Date.now();
    const timedOut = await rejectionOf(scraperFor(apify.token, 150)(ask('slow-one')));
    expect(timedOut).toBeInstanceOf(UpstreamUnavailable);
    expect(timedOut.message).toMatch(/timed out/);
    expect(Date.now() - started).toBeLessThan(1_000);
    started = Date.now();
    const cancelled = await rejectionOf(scraperFor()(ask('slow-two'), AbortSignal.timeout(100)));
    expect(cancelled).toBeInstanceOf(UpstreamUnavailable);
    expect(cancelled.message).toMatch(/cancelled/);
    expect(Date.now() - started).toBeLessThan(1_000);
  });

  it('without a token the scrape is not configured and nothing is sent', async () => {
    const before = apify.inputs.length;
    const error = await rejectionOf(scraperFor('')(ask('ada')));
    expect(error).toBeInstanceOf(UpstreamUnavailable);
    expect(error.message).toBe('LinkedIn scraping is not configured');
    expect(apify.inputs).toHaveLength(before);
  });
});

describe('LinkedIn through the gateway on the kie engine', () => {
  let kie: FakeKie;
  let runtime: TestRuntime;
  beforeAll(async () => {
    kie = await startFakeKie();
    const engine = createKieEngine(
      { KIE_API_KEY: kie.apiKey, KIE_BASE_URL: kie.url, APIFY_TOKEN: apify.token, APIFY_BASE_URL: apify.url },
      { log, requestTimeoutMs: 1_000, linkedinTimeoutMs: 2_000 },
    );
    runtime = await createTestRuntime({}, { engine });
  });
  afterAll(async () => {
    await runtime.close();
    await kie.close();
  });
  const post = (key: string, payload: object) =>
    runtime.app.inject({
      method: 'POST',
      url: '/api/provider/linkedin',
      payload,
      headers: { 'x-api-key': key },
    });

  it('answers profile, posts and the next page token for 2 credits, with no trace of Apify', async () => {
    const account = await createPaidAccount(runtime.services);
    const response = await post(account.key, { username: 'ada', limit: 2 });
    expect(response.statusCode).toBe(200);
    const { data } = response.json();
    expect(data).toMatchObject({
      status: 'completed',
      creditsUsed: 2,
      profile: { username: 'ada', name: 'Ada Lovelace' },
      pagination_token: 'token-after-page-1',
      engine: { engine: 'kie', isDevelopmentEngine: false },
    });
    expect(data.posts).toHaveLength(2);
    expect(data.posts[0].stats).toMatchObject({ likes: 10, comments: 3, reposts: 2 });
    expect(response.body).not.toContain(apify.url);
    expect(response.body).not.toContain(apify.token);
    expect(await ledgerCheck(runtime.services, account.userId)).toEqual({ balance: 18, sum: 18 });
  });

  it('a profile without posts, and an Apify outage, are refunded', async () => {
    const account = await createPaidAccount(runtime.services);
    const nobody = await post(account.key, { username: 'nobody' });
    expect(nobody.statusCode).toBe(502);
    expect(nobody.json()).toMatchObject({
      code: 'UPSTREAM_FAILED',
      creditsRefunded: 2,
      error: 'The linkedin task failed: Profile not found or has no public posts',
    });
    const busy = await post(account.key, { username: 'busy' });
    expect(busy.json()).toMatchObject({ code: 'UPSTREAM_FAILED', creditsRefunded: 2 });
    expect(busy.body).not.toContain(apify.url);
    expect(await ledgerCheck(runtime.services, account.userId)).toEqual({ balance: 20, sum: 20 });
  });
});
