import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInAccount } from '../../../test/accounts.ts';
import { createTestRuntime, type TestRuntime } from '../../../test/test-runtime.ts';

// Issue 32, point 12: every admin route checks the caller before it reads the input, so a caller
// who is not an admin learns nothing of field names or allowed values from a 400.
let runtime: TestRuntime;
beforeAll(async () => {
  runtime = await createTestRuntime({ WAITLIST_MODE: 'true' });
});
afterAll(() => runtime?.close());

const BAD_INPUTS = [
  { method: 'GET', url: '/api/admin/waitlist?limit=nonsense&offset=-4' },
  { method: 'POST', url: '/api/admin/waitlist/invite', payload: { count: 'all of them' } },
  { method: 'GET', url: '/api/admin/support?status=bogus&limit=0' },
  { method: 'POST', url: '/api/admin/support/tkt_x/reply', payload: { message: 42, extra: true } },
] as const;

describe('admin waitlist and support routes check the caller first', () => {
  it('a signed-out caller gets 401 without a word about the fields', async () => {
    for (const request of BAD_INPUTS) {
      const answer = await runtime.app.inject(request);
      expect(answer.statusCode, `${request.method} ${request.url}`).toBe(401);
      expect(answer.body).not.toMatch(/limit|offset|count|status|message/i);
    }
  });

  it('a signed-in member who is not an admin gets 403 without a word about the fields', async () => {
    const user = await signedInAccount(runtime, 'user', 'curious');
    for (const request of BAD_INPUTS) {
      const answer = await runtime.app.inject({ ...request, headers: { cookie: user.cookie } });
      expect(answer.statusCode, `${request.method} ${request.url}`).toBe(403);
      expect(answer.body).not.toMatch(/limit|offset|count|status|"message"\s*:\s*"[^"]*message/i);
    }
  });

  it('an admin still gets the field-level 400', async () => {
    const admin = await signedInAccount(runtime, 'admin', 'admin');
    const answer = await runtime.app.inject({ ...BAD_INPUTS[1], headers: { cookie: admin.cookie } });
    expect(answer.statusCode).toBe(400);
  });
});
