import { describe, expect, it } from 'vitest';
import { signedInAccount } from '../../../test/accounts.ts';
import { createPaidAccount, postWithKey, sessionCookieFor } from '../../../test/paid-account.ts';
import { createScriptedEngine } from '../../../test/scripted-engine.ts';
import { useTestRuntime } from '../../../test/test-runtime.ts';

const runtime = useTestRuntime({}, { engine: createScriptedEngine() });

const paid = (key: string, url: string, payload: object) => postWithKey(runtime.app, key, url, payload);

describe('dashboard and usage history', () => {
  it('counts 30-day usage per service from real calls, net of refunds', async () => {
    const account = await createPaidAccount(runtime.services, { credits: 100 });
    const cookie = await sessionCookieFor(runtime.services, account.userId);
    await paid(account.key, '/api/provider/image', { prompt: 'one' });
    await paid(account.key, '/api/provider/image', { prompt: 'fail two' });
    await paid(account.key, '/api/provider/linkedin', { username: 'someone' });
    await paid(account.key, '/api/provider/video', { prompt: 'three' });
    // An old call outside the window does not count.
    await runtime.services.pool.query(
      "update tasks set created_at = now() - interval '31 days' where workspace_id = $1 and service = 'video'",
      [account.userId],
    );
    const dashboard = (
      await runtime.app.inject({ method: 'GET', url: '/api/dashboard', headers: { cookie } })
    ).json();
    expect(dashboard).toMatchObject({
      apiProvider: { tier: 'free', maxApiKeys: 10, limits: { perMinute: 60 } },
      credits: { balance: 100 - 1 - 2 - 10, usageCosts: { imageGeneration: 1, videoGeneration: 10 } },
      apiKeys: { active: 1, maxAllowed: 10 },
      usage: {
        last30Days: {
          totalRequests: 3,
          imageRequests: 2,
          videoRequests: 0,
          soraWatermarkRemoverRequests: 0,
          linkedinRequests: 1,
          creditsByService: { image: 1, video: 0, sora: 0, linkedin: 2 },
        },
      },
    });
  });

  it('says which getting-started steps the account has done: a key, a call, a purchase', async () => {
    // A new account has no key yet (keys are never deleted: revoked ones still count below).
    const { cookie } = await signedInAccount(runtime);
    const steps = async () =>
      (await runtime.app.inject({ method: 'GET', url: '/api/dashboard', headers: { cookie } })).json()
        .gettingStarted;
    expect(await steps()).toEqual({ hasCreatedKey: false, hasMadeCall: false, hasBoughtCredits: false });

    const withKey = await createPaidAccount(runtime.services, { credits: 100 });
    const keyCookie = await sessionCookieFor(runtime.services, withKey.userId);
    const stepsOf = async () =>
      (
        await runtime.app.inject({ method: 'GET', url: '/api/dashboard', headers: { cookie: keyCookie } })
      ).json().gettingStarted;
    expect(await stepsOf()).toEqual({ hasCreatedKey: true, hasMadeCall: false, hasBoughtCredits: false });
    await paid(withKey.key, '/api/provider/image', { prompt: 'first' });
    // A key deleted later still counts as created.
    await runtime.services.pool.query('update api_keys set deleted_at = now() where workspace_id = $1', [
      withKey.userId,
    ]);
    expect(await stepsOf()).toEqual({ hasCreatedKey: true, hasMadeCall: true, hasBoughtCredits: false });
    const insertPayment = (id: string, status: string) =>
      runtime.services.pool.query(
        `insert into payments (id, workspace_id, package, credits, amount_cents, status, provider)
         values ($1, $2, 'starter', 100, 999, $3, 'sandbox')`,
        [id, withKey.userId, status],
      );
    await insertPayment(`pay_open_${withKey.userId}`, 'pending');
    expect((await stepsOf()).hasBoughtCredits).toBe(false);
    await insertPayment(`pay_done_${withKey.userId}`, 'paid');
    expect((await stepsOf()).hasBoughtCredits).toBe(true);
  });

  it('lists calls newest first with key, service, status and credits, in pages, and exports CSV', async () => {
    const account = await createPaidAccount(runtime.services, { credits: 100 });
    const cookie = await sessionCookieFor(runtime.services, account.userId);
    for (const prompt of ['a', 'b', 'fail c', '=HYPERLINK("x")'])
      await paid(account.key, '/api/provider/image', { prompt });
    const first = (
      await runtime.app.inject({ method: 'GET', url: '/api/usage?limit=3', headers: { cookie } })
    ).json();
    expect(first.items).toHaveLength(3);
    expect(first.items[0]).toMatchObject({ service: 'image', keyName: 'test key', creditsCharged: 1 });
    expect(first.items[1]).toMatchObject({ status: 'failed', creditsRefunded: 1 });
    const second = (
      await runtime.app.inject({
        method: 'GET',
        url: `/api/usage?limit=3&cursor=${first.nextCursor}`,
        headers: { cookie },
      })
    ).json();
    expect(second.items).toHaveLength(1);
    expect(second.nextCursor).toBeNull();

    const csv = await runtime.app.inject({
      method: 'GET',
      url: '/api/usage/export.csv',
      headers: { cookie },
    });
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    const lines = csv.body.trim().split('\n');
    expect(lines[0]).toBe(
      'time,task_id,key_name,service,model,status,credits_charged,credits_refunded,result_urls,results_expire_at,metadata',
    );
    expect(lines).toHaveLength(5);
    expect(lines.filter((line) => line.endsWith(',failed,1,1,,,{}'))).toHaveLength(1);
    // Each completed image call's row ends with the URL its answer gave, which serves the image.
    const completed = first.items
      .concat(second.items)
      .filter((item: { status: string }) => item.status === 'completed');
    expect(completed).toHaveLength(3);
    for (const item of completed as Array<{ taskId: string; resultUrls: string[]; expiresAt: string }>) {
      expect(item.resultUrls).toHaveLength(1);
      const row = lines.find((line) => line.includes(item.taskId));
      expect(row?.endsWith(`,completed,1,0,${item.resultUrls[0]},${item.expiresAt},{}`)).toBe(true);
      const file = await runtime.app.inject({
        method: 'GET',
        url: new URL(item.resultUrls[0] as string).pathname,
      });
      expect(file.headers['content-type']).toBe('image/png');
    }

    const stranger = await createPaidAccount(runtime.services);
    const strangerCookie = await sessionCookieFor(runtime.services, stranger.userId);
    const theirs = (
      await runtime.app.inject({ method: 'GET', url: '/api/usage', headers: { cookie: strangerCookie } })
    ).json();
    expect(theirs.items).toHaveLength(0);
  });

  it('pages through calls that share a millisecond without skipping any', async () => {
    const account = await createPaidAccount(runtime.services, { credits: 100 });
    const cookie = await sessionCookieFor(runtime.services, account.userId);
    for (const prompt of ['p1', 'p2', 'p3', 'p4']) await paid(account.key, '/api/provider/image', { prompt });
    // Four calls within one millisecond, microseconds apart, as a busy key produces them.
    await runtime.services.pool.query(
      `update tasks t set created_at = '2026-11-01T10:00:00.123Z'::timestamptz + (n.i || ' microseconds')::interval
         from (select id, row_number() over (order by id) as i from tasks where workspace_id = $1) n
        where t.id = n.id`,
      [account.userId],
    );
    const seen: string[] = [];
    let cursor = '';
    do {
      const page = (
        await runtime.app.inject({
          method: 'GET',
          url: `/api/usage?limit=1${cursor && `&cursor=${cursor}`}`,
          headers: { cookie },
        })
      ).json();
      seen.push(...page.items.map((item: { taskId: string }) => item.taskId));
      cursor = page.nextCursor ?? '';
    } while (cursor && seen.length < 10);
    expect(seen).toHaveLength(4);
    expect(new Set(seen).size).toBe(4);
  });

  it('refuses a forged cursor with 400', async () => {
    const account = await signedInAccount(runtime);
    expect((await account.call('GET', '/api/usage?cursor=garbage')).statusCode).toBe(400);
  });
});
