import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { actorPost, profileItem, SPARSE_ITEMS } from './fake-apify-items.ts';
import { readBody, replyJson as reply, startLocalServer } from './local-server.ts';

export { actorPost, profileItem } from './fake-apify-items.ts';

export const POSTS_ACTOR = 'apimaestro~linkedin-profile-posts';
export const PROFILE_ACTOR = 'dev_fusion~linkedin-profile-scraper';
export const ACTOR_PATH = `/v2/acts/${POSTS_ACTOR}/run-sync-get-dataset-items`;

/** One actor run as Apify bills it: pay-per-result actors charge each dataset item. */
export interface FakeRun {
  actor: string;
  input: Record<string, unknown>;
  query: Record<string, string>;
  status: 'RUNNING' | 'SUCCEEDED' | 'TIMED-OUT';
  chargedItems: number;
  usd: number;
}

export interface FakeApify {
  url: string;
  token: string;
  /** The posts actor's inputs received, in order (after the token check). */
  inputs: Record<string, unknown>[];
  /** Every run started, whatever became of the HTTP request that started it. */
  runs: FakeRun[];
  /** How long a run for a username containing `slow` takes. */
  slowMs: number;
  /** How long the sync endpoint waits for a run before answering 408 (300 s on Apify). */
  syncWaitMs: number;
  /** Actors that do not exist (404), besides any actor not named above. */
  missingActors: Set<string>;
  /** The account's memory is taken by other runs: new runs get 402. */
  isMemoryFull: boolean;
  /** Price of one result, in USD, per actor. */
  pricePerItemUsd: Record<string, number>;
  /** The account's monthly limit and usage (`/v2/users/me/limits`). */
  account: { maxMonthlyUsageUsd: number; monthlyUsageUsd: number };
  /** How many times the limits were read. */
  limitReads: number;
  close(): Promise<void>;
}

const error = (type: string, message: string) => ({ error: { type, message } });
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The items a run of `actor` pushes, before `maxItems` caps what the caller gets and pays. */
function runItems(actor: string, input: Record<string, unknown>): unknown[] {
  if (actor === PROFILE_ACTOR) {
    const url = String((input.profileUrls as unknown[] | undefined)?.[0] ?? '');
    const username = url.split('/in/')[1]?.replace(/\/$/, '') ?? '';
    return username.includes('nobody') || username === '' ? [] : [profileItem(username)];
  }
  const username = String(input.username ?? '');
  if (username.includes('nobody')) return [];
  if (username.includes('sparse')) return SPARSE_ITEMS;
  const page = Number(input.page_number ?? 1);
  // The actor reads `total_posts` as how many posts to collect in all, `limit` as posts a page.
  const wanted = Number(input.total_posts ?? input.limit ?? 100);
  const posts = Array.from({ length: Math.min(wanted, 10_000) }, (_, index) =>
    actorPost(username, index, page),
  );
  // Some builds push one item holding the page: `{ data: { posts: [...] } }`.
  return username.includes('wrapped')
    ? [{ data: { posts, pagination_token: `token-after-page-${page}` } }]
    : posts;
}

/**
 * Apify API v2's run-sync-get-dataset-items and account limits, as a local server
 * (docs/upstreams.md, "Apify: LinkedIn posts"). Runs are billed per dataset item, capped by
 * `maxItems`; a run past `timeout` seconds is stopped (TIMED-OUT, `run-failed`), one past the
 * endpoint's own wait answers 408 and runs on.
 * Steered by the username: `nobody` has an empty dataset, `busy` is 429, `broken` is 500, `sparse`
 * answers malformed items, `wrapped` one wrapped item, `slow` takes `slowMs`.
 */
export async function startFakeApify(options: { token?: string } = {}): Promise<FakeApify> {
  const known = new Set([POSTS_ACTOR, PROFILE_ACTOR]);

  const runSync = async (
    actor: string,
    query: URLSearchParams,
    text: string | undefined,
    response: ServerResponse,
  ) => {
    if (!known.has(actor) || fake.missingActors.has(actor)) {
      return reply(response, 404, error('record-not-found', 'Actor was not found'));
    }
    const memory = query.get('memory');
    if (memory && !(Number(memory) >= 128 && Number.isInteger(Math.log2(Number(memory))))) {
      return reply(response, 400, error('invalid-input', 'Memory must be a power of 2 and at least 128 MB'));
    }
    if (fake.isMemoryFull) {
      return reply(
        response,
        402,
        error(
          'actor-memory-limit-exceeded',
          'By launching this job you will exceed the memory limit of 8192MB for all your Actor runs and builds (currently used: 8192MB, requested: 1024MB).',
        ),
      );
    }
    const input = JSON.parse(text || '{}');
    if (actor === POSTS_ACTOR) fake.inputs.push(input);
    const username = String(input.username ?? input.profileUrls?.[0] ?? '');
    if (username.includes('busy')) {
      return reply(response, 429, error('rate-limit-exceeded', 'Too many requests'), { 'retry-after': '3' });
    }
    if (username.includes('broken')) return reply(response, 500, error('internal-error', 'Internal error'));

    const plain = Object.fromEntries(query.entries());
    plain.token = plain.token ? '<token>' : '';
    const run: FakeRun = { actor, input, query: plain, status: 'RUNNING', chargedItems: 0, usd: 0 };
    fake.runs.push(run);
    const durationMs = username.includes('slow') ? fake.slowMs : 0;
    const timeoutMs = query.has('timeout') ? Number(query.get('timeout')) * 1000 : Number.POSITIVE_INFINITY;
    const maxItems = query.has('maxItems') ? Number(query.get('maxItems')) : Number.POSITIVE_INFINITY;
    const items = runItems(actor, input);
    const bill = (count: number) => {
      // Pay-per-result: never more items charged (or answered) than maxItems.
      run.chargedItems = Math.min(count, maxItems);
      run.usd = run.chargedItems * (fake.pricePerItemUsd[actor] ?? 0);
      fake.account.monthlyUsageUsd += run.usd;
    };
    const finish = async () => {
      await sleep(Math.min(durationMs, timeoutMs));
      if (timeoutMs < durationMs) {
        // Items are pushed steadily; the run is stopped at its timeout with those pushed so far.
        bill(Math.floor((items.length * timeoutMs) / durationMs));
        run.status = 'TIMED-OUT';
      } else {
        bill(items.length);
        run.status = 'SUCCEEDED';
      }
    };
    // The run goes on whatever happens to this request (a dropped connection does not stop it).
    const finished = finish();
    const waited = await Promise.race([finished.then(() => true), sleep(fake.syncWaitMs).then(() => false)]);
    if (response.destroyed) return;
    if (!waited) {
      return reply(
        response,
        408,
        error(
          'run-timeout-exceeded',
          'Actor run exceeded the timeout for this API endpoint; the run continues.',
        ),
      );
    }
    if (run.status === 'TIMED-OUT') {
      return reply(
        response,
        400,
        error('run-failed', 'Actor run did not succeed (run ID: fake, status: TIMED-OUT)'),
      );
    }
    return reply(response, 201, items.slice(0, run.chargedItems));
  };

  const handle = async (request: IncomingMessage, response: ServerResponse) => {
    const text = await readBody(request);
    const url = new URL(request.url ?? '/', 'http://fake');
    const bearer = request.headers.authorization?.replace(/^Bearer /, '');
    if ((bearer ?? url.searchParams.get('token')) !== fake.token) {
      return reply(response, 401, error('token-not-valid', 'Authentication token is not valid.'));
    }
    const sync = url.pathname.match(/^\/v2\/acts\/([^/]+)\/run-sync-get-dataset-items$/);
    if (request.method === 'POST' && sync?.[1])
      return runSync(decodeURIComponent(sync[1]), url.searchParams, text, response);
    const actorPath = url.pathname.match(/^\/v2\/acts\/([^/]+)$/);
    if (request.method === 'GET' && actorPath?.[1]) {
      const actor = decodeURIComponent(actorPath[1]);
      if (!known.has(actor) || fake.missingActors.has(actor)) {
        return reply(response, 404, error('record-not-found', 'Actor was not found'));
      }
      const [username, name] = actor.split('~');
      return reply(response, 200, { data: { id: `act-${name}`, username, name } });
    }
    if (request.method === 'GET' && url.pathname === '/v2/users/me/limits') {
      fake.limitReads += 1;
      return reply(response, 200, {
        data: {
          monthlyUsageCycle: { startAt: '2026-11-01T00:00:00.000Z', endAt: '2026-11-30T23:59:59.999Z' },
          limits: { maxMonthlyUsageUsd: fake.account.maxMonthlyUsageUsd, maxActorMemoryGbytes: 8 },
          current: { monthlyUsageUsd: fake.account.monthlyUsageUsd, actorMemoryGbytes: 0 },
        },
      });
    }
    return reply(response, 404, error('page-not-found', 'Page not found'));
  };

  const server = await startLocalServer(handle, () => error('internal-error', 'boom'));
  const fake: FakeApify = {
    url: server.url,
    token: options.token ?? `apify_api_${randomBytes(12).toString('hex')}`,
    inputs: [],
    runs: [],
    slowMs: 2_000,
    syncWaitMs: 300_000,
    missingActors: new Set(),
    isMemoryFull: false,
    pricePerItemUsd: { [POSTS_ACTOR]: 0.005, [PROFILE_ACTOR]: 0.01 },
    account: { maxMonthlyUsageUsd: 100, monthlyUsageUsd: 0 },
    limitReads: 0,
    close: server.close,
  };
  return fake;
}
