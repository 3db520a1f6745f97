import * as contracts from '@conduit/contracts';
import { APP_PATHS, type AppRoute } from '@conduit/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registeredRoutes } from '../test/registered-routes.ts';
import { createTestRuntime, type TestRuntime } from '../test/test-runtime.ts';

const isRoute = (value: unknown): value is AppRoute =>
  typeof value === 'object' && value !== null && 'method' in value && 'path' in value;

/**
 * `METHOD /path` of every route object the feature contracts export (`defineAppRoute`): the
 * `X_ROUTES` groups and the single `X_ROUTE`s. The page routes (`ROUTES`) are strings, not routes.
 */
const declaredRoutes = Object.entries(contracts)
  .flatMap(([name, value]) =>
    name.endsWith('_ROUTES') ? Object.values(value) : name.endsWith('_ROUTE') ? [value] : [],
  )
  .filter(isRoute)
  .map((route) => `${route.method} ${route.path}`);

/** Served, but not calls of the web app: the public API, the OpenAPI document, Stripe's and kie.ai's webhooks. */
const NOT_APP_CALLS = [
  / \/api\/provider\//,
  / \/api\/openapi\.json$/,
  /^POST \/api\/payments\/webhook$/,
  / \/api\/engines\//,
];

describe('the cookie-API catalogue (APP_PATHS)', () => {
  let runtime: TestRuntime;
  beforeAll(async () => {
    // The kie.ai callback is registered only with its key; it is left out below either way.
    runtime = await createTestRuntime();
  });
  afterAll(() => runtime.close());

  it('lists exactly the app routes the server registers, method and path', () => {
    const served = registeredRoutes(runtime.app).filter(
      (route) =>
        (route.includes(' /api/') || / \/(waitlist|contact)\//.test(route)) &&
        !NOT_APP_CALLS.some((pattern) => pattern.test(route)) &&
        !route.startsWith('OPTIONS '),
    );
    const declared = Object.values(APP_PATHS).map((route) => `${route.method} ${route.path}`);
    expect([...served].sort()).toEqual([...declared].sort());
  });

  it('declares every route with its schemas in a feature contract (defineAppRoute), none outside APP_PATHS', () => {
    const catalogue = Object.values(APP_PATHS).map((route) => `${route.method} ${route.path}`);
    expect(catalogue.filter((route) => !declaredRoutes.includes(route))).toEqual([]);
    expect(declaredRoutes.filter((route) => !catalogue.includes(route))).toEqual([]);
  });
});
