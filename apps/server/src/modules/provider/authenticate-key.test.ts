import type pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createPaidAccount } from '../../../test/paid-account.ts';
import { createTestRuntime, type TestRuntime } from '../../../test/test-runtime.ts';
import { createKeyAuthenticator } from './authenticate-key.ts';

describe('key identities in the process cache', () => {
  let runtime: TestRuntime;
  beforeAll(async () => {
    runtime = await createTestRuntime({ ROLE: 'api' });
  });
  afterAll(async () => {
    await runtime?.close();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  /** An authenticator over the runtime's pool that counts its key lookups. */
  function countingAuthenticator() {
    /** Lookups sent, and lookups answered. */
    const counter = { lookups: 0, answered: 0 };
    const pool = {
      query: (...args: Parameters<pg.Pool['query']>) => {
        const text = typeof args[0] === 'string' ? args[0] : (args[0] as { text: string }).text;
        const answer = (runtime.services.pool.query as (...a: unknown[]) => Promise<unknown>)(...args);
        if (!text.includes('with found as')) return answer;
        counter.lookups += 1;
        return answer.finally(() => {
          counter.answered += 1;
        });
      },
    } as unknown as pg.Pool;
    return { authenticator: createKeyAuthenticator(pool, runtime.services.clock), counter };
  }

  it('a key in steady use is read again in the background, and never used past 5 s after a read', async () => {
    const account = await createPaidAccount(runtime.services);
    const { authenticator, counter } = countingAuthenticator();
    vi.useFakeTimers({ toFake: ['Date'] });
    const start = Date.now();
    const at = (seconds: number) => vi.setSystemTime(start + seconds * 1000);

    expect((await authenticator.authenticate(account.key, '127.0.0.1')).keyId).toBe(account.keyId);
    expect(counter.lookups).toBe(1);
    at(1);
    await authenticator.authenticate(account.key, '127.0.0.1');
    expect(counter.lookups).toBe(1);

    // Half its life gone: answered from the cache at once, and read again behind the call.
    at(3);
    await authenticator.authenticate(account.key, '127.0.0.1');
    await expect.poll(() => counter.answered).toBe(2);

    // Deleted after that read: the identity read at 3 s may still admit a call until 8 s...
    await runtime.services.pool.query('update api_keys set deleted_at = now() where id = $1', [
      account.keyId,
    ]);
    at(4);
    expect((await authenticator.authenticate(account.key, '127.0.0.1')).keyId).toBe(account.keyId);
    expect(counter.lookups).toBe(2);
    // ...but its background read at 6 s finds the key gone, and the next call is refused.
    at(6);
    await authenticator.authenticate(account.key, '127.0.0.1');
    await expect.poll(() => counter.answered).toBe(3);
    at(6.1);
    await expect(authenticator.authenticate(account.key, '127.0.0.1')).rejects.toThrow('Invalid or revoked');
  });

  it('past 5 s without a read, a call waits for the lookup and a deleted key is refused', async () => {
    const account = await createPaidAccount(runtime.services);
    const { authenticator, counter } = countingAuthenticator();
    vi.useFakeTimers({ toFake: ['Date'] });
    const start = Date.now();
    await authenticator.authenticate(account.key, '127.0.0.1');
    await runtime.services.pool.query('update api_keys set deleted_at = now() where id = $1', [
      account.keyId,
    ]);
    vi.setSystemTime(start + 5_001);
    await expect(authenticator.authenticate(account.key, '127.0.0.1')).rejects.toThrow('Invalid or revoked');
    expect(counter.lookups).toBe(2);
  });
});
