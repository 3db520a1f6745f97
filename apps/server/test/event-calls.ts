import { appPath, type EventItem } from '@conduit/contracts';
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { createPaidAccount, type PaidAccount, sessionCookieFor } from './paid-account.ts';
import { countPoolCheckouts } from './pool-checkouts.ts';
import type { TestRuntime } from './test-runtime.ts';

/**
 * What the tests of a call's events do through the app of `runtime()` (read at each call, so a
 * runtime made in `beforeAll` will do): call with an account's key, make an enterprise account,
 * list its events, point its workspace endpoint somewhere, and fire a burst of calls.
 */
export function eventCalls(runtime: () => TestRuntime) {
  const withKey = (account: PaidAccount, method: 'GET' | 'POST', url: string, payload?: object) =>
    runtime().app.inject({ method, url, headers: { 'x-api-key': account.key }, payload });

  const newAccount = (credits: number, label: string) =>
    createPaidAccount(runtime().services, { credits, tier: 'enterprise', label });

  const eventsOf = async (account: PaidAccount): Promise<EventItem[]> => {
    const answer = await withKey(account, 'GET', '/api/provider/events?limit=100');
    expect(answer.statusCode, answer.body).toBe(200);
    return answer.json().data;
  };

  /** The account's workspace endpoint, receiving these event types (nothing listens: no worker here). */
  async function subscribe(account: PaidAccount, eventTypes: string[]) {
    const cookie = await sessionCookieFor(runtime().services, account.userId);
    const saved = await runtime().app.inject({
      method: 'PUT',
      url: appPath('setWebhookEndpoint'),
      headers: { cookie },
      payload: { webhookUrl: 'http://127.0.0.1:9/endpoint', eventTypes },
    });
    expect(saved.statusCode, saved.body).toBe(200);
  }

  /**
   * `callsEach` calls of each of `accountCount` new accounts (`credits` each), all at once, after
   * one call of each key (its identity cached, as for a client in steady use): the answers, and how
   * many connections the burst checked out of the runtime's pool.
   */
  async function burst(
    accountCount: number,
    credits: number,
    callsEach: number,
    call: (account: PaidAccount, which: number, index: number) => Promise<LightMyRequestResponse>,
  ) {
    const accounts = await Promise.all(
      Array.from({ length: accountCount }, (_, index) => newAccount(credits, `burst${index}`)),
    );
    for (const account of accounts)
      expect((await withKey(account, 'GET', '/api/provider/me')).statusCode).toBe(200);
    const { answer: answers, checkouts } = await countPoolCheckouts(runtime().services.pool, () =>
      Promise.all(
        accounts.flatMap((account, which) =>
          Array.from({ length: callsEach }, (_, index) => call(account, which, index)),
        ),
      ),
    );
    return { accounts, answers, checkouts, calls: accountCount * callsEach };
  }

  return { withKey, newAccount, eventsOf, subscribe, burst };
}
