import { DAILY_USAGE_ROUTE, USAGE_WINDOW_DAYS } from '@conduit/contracts';
import { describe, expect, it } from 'vitest';
import { createPaidAccount, postWithKey, sessionCookieFor } from '../../../test/paid-account.ts';
import { createScriptedEngine } from '../../../test/scripted-engine.ts';
import { useTestRuntime } from '../../../test/test-runtime.ts';

const runtime = useTestRuntime({}, { engine: createScriptedEngine() });

async function accountWithCalls() {
  const account = await createPaidAccount(runtime.services, { credits: 200 });
  const cookie = await sessionCookieFor(runtime.services, account.userId);
  const call = async (url: string, payload: object) => {
    const response = await postWithKey(runtime.app, account.key, url, payload);
    return response.json().data?.taskId as string;
  };
  /** Moves a call to a moment `hoursAgo` before now, as if it had been made then. */
  const backdate = (taskId: string, hoursAgo: number) =>
    runtime.services.pool.query(
      `update tasks set created_at = now() - make_interval(hours => $2) where id = $1`,
      [taskId, hoursAgo],
    );
  const daily = (tz?: string) =>
    runtime.app.inject({
      method: 'GET',
      url: `${DAILY_USAGE_ROUTE.path}${tz === undefined ? '' : `?tz=${encodeURIComponent(tz)}`}`,
      headers: { cookie },
    });
  return { ...account, call, backdate, daily };
}

/** The server's "today" in a zone, as the route names days. */
const todayIn = (timeZone: string, daysAgo = 0) =>
  new Intl.DateTimeFormat('en-CA', { timeZone }).format(new Date(Date.now() - daysAgo * 86_400_000));

describe('GET /api/usage/daily', () => {
  it("counts the user's own calls and net credits per day and service, over 30 days ending today", async () => {
    const account = await accountWithCalls();
    await account.call('/api/provider/image', { prompt: 'one' });
    await account.call('/api/provider/image', { prompt: 'fail two' });
    await account.call('/api/provider/linkedin', { username: 'someone' });
    const old = await account.call('/api/provider/linkedin', { username: 'someone-else' });
    await account.backdate(old, 24 * 3);
    const tooOld = await account.call('/api/provider/image', { prompt: 'long ago' });
    await account.backdate(tooOld, 24 * (USAGE_WINDOW_DAYS + 2));
    const stranger = await accountWithCalls();
    await stranger.call('/api/provider/image', { prompt: 'not yours' });

    const response = await account.daily();
    expect(response.statusCode).toBe(200);
    const body = DAILY_USAGE_ROUTE.response.parse(response.json());
    expect(body.timeZone).toBe('UTC');
    expect(body.days).toHaveLength(USAGE_WINDOW_DAYS);
    expect(body.days.at(-1)?.date).toBe(todayIn('UTC'));
    expect(body.days[0]?.date).toBe(todayIn('UTC', USAGE_WINDOW_DAYS - 1));
    // Two image calls today, one failed and refunded: 2 calls, 1 credit. One LinkedIn call: 2 credits.
    expect(body.days.at(-1)).toMatchObject({
      calls: { image: 2, video: 0, sora: 0, linkedin: 1 },
      credits: { image: 1, video: 0, sora: 0, linkedin: 2 },
    });
    expect(body.days.find((day) => day.date === todayIn('UTC', 3))).toMatchObject({
      calls: { linkedin: 1 },
      credits: { linkedin: 2 },
    });
    const total = body.days.reduce((sum, day) => sum + day.calls.image + day.calls.linkedin, 0);
    expect(total).toBe(4);
  });

  it("names days and the month in the user's time zone", async () => {
    const account = await accountWithCalls();
    const taskId = await account.call('/api/provider/linkedin', { username: 'late-night' });
    // 23:30 UTC two days ago is already the next morning in Tokyo (UTC+9).
    await runtime.services.pool.query(
      `update tasks set created_at = date_trunc('day', now() at time zone 'UTC') at time zone 'UTC' - interval '30 minutes' - interval '1 day' where id = $1`,
      [taskId],
    );
    const utc = (await account.daily('UTC')).json();
    const tokyo = (await account.daily('Asia/Tokyo')).json();
    expect(tokyo.timeZone).toBe('Asia/Tokyo');
    const dayOf = (body: { days: Array<{ date: string; calls: { linkedin: number } }> }) =>
      body.days.find((day) => day.calls.linkedin > 0)?.date;
    expect(dayOf(utc)).toBe(todayIn('UTC', 2));
    expect(dayOf(tokyo)).toBe(todayIn('UTC', 1));
    expect(tokyo.days.at(-1).date).toBe(todayIn('Asia/Tokyo'));
  });

  it("sums this calendar month's calls and net credits", async () => {
    const account = await accountWithCalls();
    await account.call('/api/provider/image', { prompt: 'this month' });
    await account.call('/api/provider/linkedin', { username: 'this-month' });
    const lastMonth = await account.call('/api/provider/linkedin', { username: 'last-month' });
    await runtime.services.pool.query(
      `update tasks set created_at = date_trunc('month', now() at time zone 'UTC') at time zone 'UTC' - interval '1 hour' where id = $1`,
      [lastMonth],
    );
    const body = (await account.daily()).json();
    expect(body.thisMonth).toEqual({ month: todayIn('UTC').slice(0, 7), calls: 2, credits: 3 });
  });

  it('refuses an unknown time zone with a 400 and a signed-out caller with a 401', async () => {
    const account = await accountWithCalls();
    const bad = await account.daily('Mars/Olympus_Mons');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
    expect(bad.json().error).toContain('tz');
    const signedOut = await runtime.app.inject({ method: 'GET', url: DAILY_USAGE_ROUTE.path });
    expect(signedOut.statusCode).toBe(401);
  });
});
