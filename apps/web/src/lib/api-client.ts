import { API_TIMEOUT_MS, type AppRoute, type AppRouteAnswer, httpErrorMessage } from '@conduit/contracts';
import { testDataHeaders } from './test-data-view.ts';

export const REQUEST_TIMEOUT_MESSAGE = 'The request timed out. Please try again.';

/** A failed call: the HTTP status (0 when no response arrived) and the parsed response body. */
export class ApiError extends Error {
  readonly status: number;
  readonly data: unknown;

  constructor(message: string, status: number, data: unknown) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.data = data;
  }
}

interface RequestOptions {
  signal?: AbortSignal;
  headers?: Record<string, string>;
}

const API_BASE_URL: string = import.meta.env.VITE_API_URL ?? '';

/** An absolute-or-relative URL on the API host, for full-page navigations (Google sign-in). */
export const apiUrl = (path: string) => `${API_BASE_URL}${path}`;

function errorMessageOf(data: unknown, status: number): string {
  const error = typeof data === 'object' && data !== null ? (data as { error?: unknown }).error : undefined;
  return typeof error === 'string' && error.length > 0 ? error : httpErrorMessage(status);
}

async function parseBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/**
 * The app's one HTTP request: cookie credentials, JSON bodies, a 30-second timeout
 * (docs/product.md, "App API"); a failure is an ApiError.
 */
async function request<T>(method: string, path: string, body?: unknown, options: RequestOptions = {}) {
  const timeout = new AbortController();
  const timer = setTimeout(() => timeout.abort(), API_TIMEOUT_MS);
  const signal = options.signal ? AbortSignal.any([options.signal, timeout.signal]) : timeout.signal;
  try {
    const response = await fetch(`${API_BASE_URL}${path}`, {
      method,
      credentials: 'include',
      // No Content-Type without a body: a JSON content type with an empty body is a 400 on the server.
      headers: {
        ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
        Accept: 'application/json',
        ...testDataHeaders(),
        ...options.headers,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal,
    });
    const data = await parseBody(response);
    if (!response.ok) throw new ApiError(errorMessageOf(data, response.status), response.status, data);
    return data as T;
  } catch (error) {
    if (timeout.signal.aborted && !(error instanceof ApiError)) {
      throw new ApiError(REQUEST_TIMEOUT_MESSAGE, 0, null);
    }
    throw error;
  } finally {
    clearTimeout(timer);
  }
}

/** A public GET outside the app's catalogue (the model list of the public API), by its path. */
export const getPath = <T>(path: string, options?: RequestOptions) =>
  request<T>('GET', path, undefined, options);

/**
 * A catalogue route's JSON answer (`defineAppRoute` in packages/contracts), typed by its answer
 * schema: GET with `query` as the search, anything else with `body`; `path` when its parameters
 * are filled in (`appPath`).
 */
export function callRoute<Route extends AppRoute>(
  route: Route,
  {
    query,
    body,
    path = route.path,
    signal,
  }: { query?: URLSearchParams; body?: unknown; path?: string; signal?: AbortSignal } = {},
) {
  const url = query ? `${path}?${query}` : path;
  return request<AppRouteAnswer<Route>>(route.method, url, route.method === 'GET' ? undefined : body, {
    signal,
  });
}

/**
 * A catalogue route called by its plain method and path (`APP_PATHS`), its answer typed by the
 * catalogue's route: for modules that every page loads (the session, the account menu), so that
 * no page's first load carries the schema code a route object holds.
 */
export function callPath<Route extends AppRoute>(
  paths: { method: Route['method']; path: Route['path'] },
  options?: Parameters<typeof callRoute<Route>>[1],
) {
  return callRoute(paths as Route, options);
}
