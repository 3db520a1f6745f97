import { RATING_MESSAGES } from '@conduit/contracts';
import { describe, expect, it } from 'vitest';
import { createPaidAccount, postWithKey, sessionCookieFor } from '../../../test/paid-account.ts';
import { createScriptedEngine } from '../../../test/scripted-engine.ts';
import { useTestRuntime } from '../../../test/test-runtime.ts';

describe('rating a result: PUT /api/usage/:taskId/rating', () => {
  const runtime = useTestRuntime({}, { engine: createScriptedEngine() });

  async function accountWithCalls() {
    const account = await createPaidAccount(runtime.services, { credits: 50 });
    const cookie = await sessionCookieFor(runtime.services, account.userId);
    const call = (method: 'GET' | 'PUT', url: string, payload?: unknown) =>
      runtime.app.inject({ method, url, payload: payload as object, headers: { cookie } });
    const startVideo = async (prompt: string) => {
      const response = await postWithKey(runtime.app, account.key, '/api/provider/video', { prompt });
      return response.json().data.taskId as string;
    };
    return { ...account, call, startVideo };
  }

  const settled = async (taskId: string) => {
    for (let i = 0; i < 200; i += 1) {
      const { rows } = await runtime.services.pool.query('select status from tasks where id = $1', [taskId]);
      if (rows[0]?.status !== 'processing') return rows[0]?.status as string;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error(`task ${taskId} never settled`);
  };

  it('the owner rates a settled call, rates again to replace it, and the usage list shows it', async () => {
    const account = await accountWithCalls();
    const done = await account.startVideo('a calm sea');
    expect(await settled(done)).toBe('completed');
    const other = await account.startVideo('pending forever');

    const listBefore = (await account.call('GET', '/api/usage')).json().items;
    expect(listBefore.map((item: { rating: unknown }) => item.rating)).toEqual([null, null]);

    const rated = await account.call('PUT', `/api/usage/${done}/rating`, { rating: 4 });
    expect(rated.statusCode).toBe(200);
    expect(rated.json()).toEqual({ taskId: done, rating: 4 });
    const again = await account.call('PUT', `/api/usage/${done}/rating`, { rating: 2 });
    expect(again.json()).toEqual({ taskId: done, rating: 2 });

    const items = (await account.call('GET', '/api/usage')).json().items;
    expect(items.map((item: { taskId: string; rating: unknown }) => [item.taskId, item.rating])).toEqual([
      [other, null],
      [done, 2],
    ]);
    const { rows } = await runtime.services.pool.query(
      'select count(*)::int as n from task_ratings where task_id = $1',
      [done],
    );
    expect(rows[0].n).toBe(1);
  });

  it("a failed call can be rated too; an unfinished one is a 409; another user's or unknown task a 404", async () => {
    const owner = await accountWithCalls();
    const failed = await owner.startVideo('fail please');
    expect(await settled(failed)).toBe('failed');
    expect((await owner.call('PUT', `/api/usage/${failed}/rating`, { rating: 1 })).statusCode).toBe(200);

    const open = await owner.startVideo('pending still');
    const early = await owner.call('PUT', `/api/usage/${open}/rating`, { rating: 5 });
    expect(early.statusCode).toBe(409);
    expect(early.json().error).toBe(RATING_MESSAGES.notFinished);

    const stranger = await accountWithCalls();
    const foreign = await stranger.call('PUT', `/api/usage/${failed}/rating`, { rating: 5 });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().error).toBe(RATING_MESSAGES.taskNotFound);
    expect((await stranger.call('PUT', '/api/usage/task_nope/rating', { rating: 5 })).statusCode).toBe(404);
    const { rows } = await runtime.services.pool.query('select rating from task_ratings where task_id = $1', [
      failed,
    ]);
    expect(rows).toEqual([{ rating: 1 }]);

    for (const body of [{ rating: 0 }, { rating: 6 }, { rating: 3.5 }, {}, { rating: 3, extra: true }]) {
      expect((await owner.call('PUT', `/api/usage/${failed}/rating`, body)).statusCode).toBe(400);
    }
    const signedOut = await runtime.app.inject({
      method: 'PUT',
      url: `/api/usage/${failed}/rating`,
      payload: { rating: 3 },
    });
    expect(signedOut.statusCode).toBe(401);
  });
});
