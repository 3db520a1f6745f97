import type { AuthUser } from '@conduit/contracts';
import { vi } from 'vitest';

export interface ApiCall {
  method: string;
  path: string;
  search: string;
  body: unknown;
  headers: Record<string, string>;
}

export interface Reply {
  status?: number;
  body?: unknown;
}

type Handler = Reply | ((call: ApiCall) => Reply | Promise<Reply>);

/** "METHOD /path" (query string excluded) to the answer. */
export type ApiRoutes = Record<string, Handler>;

const DEFAULT_ROUTES: ApiRoutes = {
  'GET /api/auth/me': {
    status: 401,
    body: { error: 'Not signed in', code: 'UNAUTHORIZED', requestId: 'req_test' },
  },
  'GET /api/auth/providers': { body: { google: false } },
};

const json = ({ status = 200, body = {} }: Reply) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/**
 * Stubs fetch with a tiny router: each "METHOD /path" answers from `routes` (then the signed-out
 * defaults); anything else is a 404. Returns the calls made, in order.
 */
export function mockApi(routes: ApiRoutes = {}) {
  const calls: ApiCall[] = [];
  const all = { ...DEFAULT_ROUTES, ...routes };
  vi.stubGlobal('fetch', async (input: string | URL | Request, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const call: ApiCall = {
      method: (init?.method ?? 'GET').toUpperCase(),
      path: url.pathname,
      search: url.search,
      body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
      headers: Object.fromEntries(new Headers(init?.headers).entries()),
    };
    calls.push(call);
    if (call.method === 'GET' && call.path === '/api/auth/session' && !all['GET /api/auth/session']) {
      // The session check answers what the test's `GET /api/auth/me` does, its 401 as "nobody".
      const me = all['GET /api/auth/me'] as Handler;
      const reply = typeof me === 'function' ? await me(call) : me;
      return json((reply.status ?? 200) === 401 ? { body: { user: null } } : reply);
    }
    const handler = all[`${call.method} ${call.path}`];
    if (!handler) return json({ status: 404, body: { error: 'Not found', code: 'NOT_FOUND' } });
    return json(typeof handler === 'function' ? await handler(call) : handler);
  });
  return {
    calls,
    callsTo: (route: string) => calls.filter((call) => `${call.method} ${call.path}` === route),
  };
}

/**
 * A list the server pages on its cursor, in two pages: `first` answers the first request (its
 * `nextCursor` is `cursor`), `second` the request that carries `cursor` (the last page).
 */
export const twoPages =
  (first: Record<string, unknown>, second: Record<string, unknown>, cursor = 'c2'): Handler =>
  ({ search }) =>
    new URLSearchParams(search).get('cursor') === cursor
      ? { body: { ...second, nextCursor: null } }
      : { body: { ...first, nextCursor: cursor } };

/**
 * `total` rows from `make(count, from)` (numbered from 1) under `key`, the server's `total` beside
 * them, served in two cursor pages (see twoPages): the first `first` rows, then the rest.
 */
export const rowsInTwoPages = (
  key: string,
  make: (count: number, from: number) => unknown[],
  first: number,
  total: number,
): Handler => twoPages({ [key]: make(first, 1), total }, { [key]: make(total - first, first + 1), total });

/** An error answer in the server's shape ({error, code, requestId}). */
export const errorReply = (status: number, error: string, code = 'BAD_REQUEST'): Reply => ({
  status,
  body: { error, code, requestId: 'req_test' },
});

/**
 * A route that fails with `failure` (a 403 unless given) until the test calls `recover()`, then
 * answers `body`: a Retry's test.
 */
export function failingUntilRecovered(body: unknown, failure = errorReply(403, 'Forbidden', 'FORBIDDEN')) {
  let isDown = true;
  return {
    reply: (): Reply => (isDown ? failure : { body }),
    recover: () => {
      isDown = false;
    },
  };
}

/** A promise the test settles by hand, to hold a request in flight. */
export function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}

export function makeUser(overrides: Partial<AuthUser> = {}): AuthUser {
  return {
    _id: 'usr_test',
    email: 'ada@example.com',
    emailVerified: true,
    name: null,
    avatar: null,
    role: 'user',
    hasPassword: true,
    hasGoogle: false,
    hasTwoFactor: false,
    apiProvider: { maxApiKeys: 10, tier: 'free' },
    createdAt: '2026-01-01T00:00:00.000Z',
    ...overrides,
  };
}
