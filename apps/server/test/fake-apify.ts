import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { actorPost, profileItem, SPARSE_ITEMS } from './fake-apify-items.ts';
import { readBody, replyJson as reply, startLocalServer } from './local-server.ts';

export { actorPost, profileItem } from './fake-apify-items.ts';

export const POSTS_ACTOR = 'apimaestro~linkedin-profile-posts';
export const PROFILE_ACTOR = 'dev_fusion~linkedin-profile-scraper';
/** Where a run of the posts actor is started (Run Actor, asynchronous). */
export const ACTOR_PATH = `/v2/acts/${POSTS_ACTOR}/runs`;

type RunStatus = 'RUNNING' | 'SUCCEEDED' | 'TIMED-OUT' | 'ABORTED';

/**
 * One actor run as Apify bills it [A1-A5]: a pay-per-result actor charges each dataset item up to
 * `maxItems`; a pay-per-event actor charges its events (`actor-start`, then one per result) and
 * stops, ending the run, once the next charge would pass `maxTotalChargeUsd`.
 */
export interface FakeRun {
  id: string;
  actor: string;
  input: Record<string, unknown>;
  query: Record<string, string>;
  status: RunStatus;
  /** Results charged (pay-per-result) or pushed within the cap (pay-per-event). */
  chargedItems: number;
  /** Everything the run charged, in USD: results, events and the platform usage. */
  usd: number;
  chargedEventCounts: Record<string, number>;
  /** The items the run pushed to its dataset. */
  items: unknown[];
}

/** A pay-per-event actor's prices, USD per event. */
export interface EventPrices {
  start: number;
  result: number;
}

export interface FakeApify {
  url: string;
  token: string;
  /** The posts actor's inputs received, in order (after the token check). */
  inputs: Record<string, unknown>[];
  /** Every run started, whatever became of the HTTP request that started it. */
  runs: FakeRun[];
  /** Runs aborted through the API (their ids). */
  aborted: string[];
  /** How long a run for a username containing `slow` takes. */
  slowMs: number;
  /** Actors that do not exist (404), besides any actor not named above. */
  missingActors: Set<string>;
  /** The account's memory is taken by other runs: new runs get 402. */
  isMemoryFull: boolean;
  /** Price of one result, in USD, per pay-per-result actor. */
  pricePerItemUsd: Record<string, number>;
  /** Actors priced per event instead (Apify moves actors there in 2026). */
  payPerEvent: Record<string, EventPrices>;
  /** The platform usage of a run, USD (`usageTotalUsd`). */
  usageUsdPerRun: number;
  /** The account's monthly limit and usage (`/v2/users/me/limits`). */
  account: { maxMonthlyUsageUsd: number; monthlyUsageUsd: number };
  /** How many times the limits were read. */
  limitReads: number;
  close(): Promise<void>;
}

const error = (type: string, message: string) => ({ error: { type, message } });
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The items a run of `actor` pushes, before its caps (`maxItems`, `maxTotalChargeUsd`) apply. */
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

const TERMINAL: RunStatus[] = ['SUCCEEDED', 'TIMED-OUT', 'ABORTED'];
const round6 = (usd: number) => Math.round(usd * 1e6) / 1e6;

/**
 * Apify API v2's asynchronous runs and account limits, as a local server
 * (docs/upstreams.md, "Apify: LinkedIn posts"): Run Actor (`POST /v2/acts/:actor/runs`, with `timeout`, `maxItems`,
 * `maxTotalChargeUsd` and `waitForFinish`), Get run (`waitForFinish` up to 60 s), Abort run, the
 * run's dataset items, the actor and the limits. A run goes on whatever happens to the request
 * that started it; it is stopped at `timeout` (TIMED-OUT) or by an abort (ABORTED) with what it
 * pushed so far charged. The run object carries `usageTotalUsd`, `chargedEventCounts` and
 * `pricingInfo` as the API documents them.
 * Steered by the username: `nobody` has an empty dataset, `busy` is 429 (no run), `broken` starts
 * the run and answers 500, `dropped` starts the run and closes the connection without an answer,
 * `sparse` answers malformed items, `wrapped` one wrapped item, `slow` takes `slowMs`.
 */
export async function startFakeApify(options: { token?: string } = {}): Promise<FakeApify> {
  const known = new Set([POSTS_ACTOR, PROFILE_ACTOR]);
  const runs = new Map<
    string,
    { run: FakeRun; finished: Promise<void>; stop: (status: RunStatus) => void }
  >();

  /** The run object as Get run answers it. */
  const runObject = (run: FakeRun) => {
    const ppe = fake.payPerEvent[run.actor];
    return {
      id: run.id,
      actId: run.actor,
      status: run.status,
      defaultDatasetId: `ds-${run.id}`,
      options: {
        timeoutSecs: Number(run.query.timeout ?? 0),
        ...(run.query.maxItems && { maxItems: Number(run.query.maxItems) }),
        ...(run.query.maxTotalChargeUsd && { maxTotalChargeUsd: Number(run.query.maxTotalChargeUsd) }),
      },
      usageTotalUsd: fake.usageUsdPerRun,
      ...(ppe
        ? {
            chargedEventCounts: run.chargedEventCounts,
            pricingInfo: {
              pricingModel: 'PAY_PER_EVENT',
              pricingPerEvent: {
                actorChargeEvents: {
                  'actor-start': { eventTitle: 'Actor start', eventPriceUsd: ppe.start },
                  result: { eventTitle: 'Result', eventPriceUsd: ppe.result },
                },
              },
            },
          }
        : {
            pricingInfo: {
              pricingModel: 'PRICE_PER_DATASET_ITEM',
              pricePerUnitUsd: fake.pricePerItemUsd[run.actor] ?? 0,
            },
          }),
    };
  };

  /** Starts a run: it pushes its items over its duration and bills them as its pricing says. */
  const startRun = (actor: string, query: URLSearchParams, input: Record<string, unknown>) => {
    const plain = Object.fromEntries(query.entries());
    plain.token = plain.token ? '<token>' : '';
    const run: FakeRun = {
      id: `run${randomBytes(6).toString('hex')}`,
      actor,
      input,
      query: plain,
      status: 'RUNNING',
      chargedItems: 0,
      usd: 0,
      chargedEventCounts: {},
      items: [],
    };
    fake.runs.push(run);
    const username = String(input.username ?? (input.profileUrls as unknown[] | undefined)?.[0] ?? '');
    const durationMs = username.includes('slow') ? fake.slowMs : 0;
    const timeoutMs = query.has('timeout') ? Number(query.get('timeout')) * 1000 : Number.POSITIVE_INFINITY;
    const maxItems = query.has('maxItems') ? Number(query.get('maxItems')) : Number.POSITIVE_INFINITY;
    const maxCharge = query.has('maxTotalChargeUsd')
      ? Number(query.get('maxTotalChargeUsd'))
      : Number.POSITIVE_INFINITY;
    const items = runItems(actor, input);
    const ppe = fake.payPerEvent[actor];
    const startedAt = Date.now();
    let charged = 0;
    /** Charges one event if the cap allows it: false once it does not (the run then ends). */
    const charge = (event: string, price: number) => {
      if (charged + price > maxCharge + 1e-9) return false;
      charged = round6(charged + price);
      run.chargedEventCounts[event] = (run.chargedEventCounts[event] ?? 0) + 1;
      return true;
    };
    if (ppe) charge('actor-start', ppe.start);
    const bill = (pushed: number) => {
      const wanted = items.slice(0, pushed);
      if (ppe) {
        // Pay per event: each result is charged as it is pushed; at the cap the actor finishes.
        for (const item of wanted) {
          if (!charge('result', ppe.result)) break;
          run.items.push(item);
        }
        run.chargedItems = run.items.length;
      } else {
        // Pay per result: every item is pushed, at most maxItems are charged.
        run.items = wanted;
        run.chargedItems = Math.min(wanted.length, maxItems);
        charged = round6(run.chargedItems * (fake.pricePerItemUsd[actor] ?? 0));
      }
      run.usd = round6(charged + fake.usageUsdPerRun);
      fake.account.monthlyUsageUsd += run.usd;
    };
    let stop: (status: RunStatus) => void = () => undefined;
    const finished = new Promise<void>((resolve) => {
      const end = (status: RunStatus, pushed: number) => {
        if (run.status !== 'RUNNING') return;
        clearTimeout(timer);
        bill(pushed);
        run.status = status;
        resolve();
      };
      const pushedBy = (ms: number) =>
        durationMs === 0 ? items.length : Math.floor((items.length * Math.min(ms, durationMs)) / durationMs);
      const timer = setTimeout(
        () => end(timeoutMs < durationMs ? 'TIMED-OUT' : 'SUCCEEDED', pushedBy(timeoutMs)),
        Math.min(durationMs, timeoutMs),
      );
      stop = (status) => end(status, pushedBy(Date.now() - startedAt));
    });
    runs.set(run.id, { run, finished, stop });
    return runs.get(run.id) as { run: FakeRun; finished: Promise<void> };
  };

  /** Waits up to `waitForFinish` seconds (60 at most) for the run to end. */
  const waitFor = async (finished: Promise<void>, query: URLSearchParams) => {
    const waitS = Math.min(Number(query.get('waitForFinish') ?? 0) || 0, 60);
    await Promise.race([finished, sleep(waitS * 1000)]);
  };

  const runActor = async (
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
    const { run, finished } = startRun(actor, query, input);
    // The run was started: a 500 now leaves it running and billing.
    if (username.includes('broken')) return reply(response, 500, error('internal-error', 'Internal error'));
    // So does a connection lost before the answer (the socket closed, no status line sent).
    if (username.includes('dropped')) return response.destroy();
    await waitFor(finished, query);
    if (response.destroyed) return;
    return reply(response, 201, { data: runObject(run) });
  };

  const handle = async (request: IncomingMessage, response: ServerResponse) => {
    const text = await readBody(request);
    const url = new URL(request.url ?? '/', 'http://fake');
    const bearer = request.headers.authorization?.replace(/^Bearer /, '');
    if ((bearer ?? url.searchParams.get('token')) !== fake.token) {
      return reply(response, 401, error('token-not-valid', 'Authentication token is not valid.'));
    }
    const start = url.pathname.match(/^\/v2\/acts\/([^/]+)\/runs$/);
    if (request.method === 'POST' && start?.[1]) {
      return runActor(decodeURIComponent(start[1]), url.searchParams, text, response);
    }
    const runPath = url.pathname.match(/^\/v2\/actor-runs\/([^/]+)(\/abort)?$/);
    const started = runPath?.[1] ? runs.get(runPath[1]) : undefined;
    if (runPath && !started)
      return reply(response, 404, error('record-not-found', 'Actor run was not found'));
    if (request.method === 'GET' && started && !runPath?.[2]) {
      await waitFor(started.finished, url.searchParams);
      return reply(response, 200, { data: runObject(started.run) });
    }
    if (request.method === 'POST' && started && runPath?.[2]) {
      // Only a starting or running run is aborted; a finished one is left as it is [A2].
      if (!TERMINAL.includes(started.run.status)) {
        fake.aborted.push(started.run.id);
        runs.get(started.run.id)?.stop('ABORTED');
      }
      return reply(response, 200, { data: runObject(started.run) });
    }
    const dataset = url.pathname.match(/^\/v2\/datasets\/ds-([^/]+)\/items$/);
    if (request.method === 'GET' && dataset?.[1]) {
      const found = runs.get(dataset[1]);
      if (!found) return reply(response, 404, error('record-not-found', 'Dataset was not found'));
      const limit = Number(url.searchParams.get('limit') ?? Number.POSITIVE_INFINITY);
      return reply(response, 200, found.run.items.slice(0, limit));
    }
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
    aborted: [],
    slowMs: 2_000,
    missingActors: new Set(),
    isMemoryFull: false,
    pricePerItemUsd: { [POSTS_ACTOR]: 0.005, [PROFILE_ACTOR]: 0.01 },
    payPerEvent: {},
    usageUsdPerRun: 0,
    account: { maxMonthlyUsageUsd: 100, monthlyUsageUsd: 0 },
    limitReads: 0,
    close: server.close,
  };
  return fake;
}
