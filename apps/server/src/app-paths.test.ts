import { APP_PATHS } from '@conduit/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registeredRoutes } from '../test/registered-routes.ts';
import { createTestRuntime, type TestRuntime } from '../test/test-runtime.ts';

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
});
