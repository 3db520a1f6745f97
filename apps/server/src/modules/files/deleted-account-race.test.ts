import { describe, expect, it } from 'vitest';
import { createPaidAccount, deleteOwnAccount, sessionCookieFor } from '../../../test/paid-account.ts';
import { createScriptedEngine } from '../../../test/scripted-engine.ts';
import { useTestRuntime } from '../../../test/test-runtime.ts';

// Issue 45, point 7: calls in flight while their account is deleted (charged by a statement that
// still saw the account, after the deletion expired its results) complete later: every file of a
// deleted account answers 410 all the same.
const runtime = useTestRuntime({}, { engine: createScriptedEngine() });

describe('calls in flight while their account is deleted', () => {
  it('every file of the deleted account answers 410, whenever its call completed', async () => {
    const files: string[] = [];
    // Each round: 80 image calls, the account deleted 15 ms in. Until some calls made files.
    for (let round = 0; round < 6 && files.length === 0; round += 1) {
      const account = await createPaidAccount(runtime.services, { credits: 1_000, tier: 'enterprise' });
      const cookie = await sessionCookieFor(runtime.services, account.userId);
      const calls = Array.from({ length: 80 }, (_, index) =>
        runtime.app.inject({
          method: 'POST',
          url: '/api/provider/image',
          headers: { 'x-api-key': account.key },
          payload: { prompt: `a fox ${index}` },
        }),
      );
      await new Promise((resolve) => setTimeout(resolve, 15 + round * 10));
      await deleteOwnAccount(runtime, account, cookie);
      for (const answer of await Promise.all(calls)) {
        if (answer.statusCode === 200) files.push(...((answer.json().data.resultUrls ?? []) as string[]));
      }
    }
    expect(files.length).toBeGreaterThan(0);
    const served = await Promise.all(
      files.map(async (file) => (await runtime.app.inject({ url: new URL(file).pathname })).statusCode),
    );
    expect(served.filter((status) => status !== 410)).toEqual([]);
  }, 60_000);
});
