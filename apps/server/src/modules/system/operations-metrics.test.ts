import { describe, expect, it } from 'vitest';
import { createPaidAccount, postWithKey } from '../../../test/paid-account.ts';
import { createScriptedEngine } from '../../../test/scripted-engine.ts';
import { useTestRuntime } from '../../../test/test-runtime.ts';

const runtime = useTestRuntime({}, { engine: createScriptedEngine() });

const scrape = async () => (await runtime.app.inject({ method: 'GET', url: '/metrics' })).body;
const sampleOf = (body: string, series: string) => {
  const line = body.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
};

describe('operations metrics', () => {
  it('counts credits debited and refunded, settled tasks, and reads unsettled tasks and queues at scrape', async () => {
    const account = await createPaidAccount(runtime.services, { credits: 30 });
    const post = (prompt: string) => postWithKey(runtime.app, account.key, '/api/provider/video', { prompt });
    expect((await post('a fox, pending forever')).statusCode).toBe(200);
    expect((await post('a fox that will fail')).statusCode).toBe(200);

    let body = '';
    for (let attempt = 0; attempt < 100; attempt += 1) {
      body = await scrape();
      if (sampleOf(body, 'conduit_credits_refunded_total{service="video"}') === 10) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(sampleOf(body, 'conduit_credits_debited_total{service="video"}')).toBe(20);
    expect(sampleOf(body, 'conduit_credits_refunded_total{service="video"}')).toBe(10);
    expect(sampleOf(body, 'conduit_tasks_settled_total{service="video",status="failed"}')).toBe(1);
    // The pending task stays unsettled: due or waiting for its next look, never both.
    const due = sampleOf(body, 'conduit_tasks{state="due"}') ?? -1;
    const waiting = sampleOf(body, 'conduit_tasks{state="waiting"}') ?? -1;
    expect(due + waiting).toBe(1);
    expect(sampleOf(body, 'conduit_jobs{queue="task-webhook",state="queued"}')).toBe(0);
  });

  it('times every provider answer, errors included, in Server-Timing', async () => {
    const account = await createPaidAccount(runtime.services);
    const me = await runtime.app.inject({
      method: 'GET',
      url: '/api/provider/me',
      headers: { 'x-api-key': account.key },
    });
    expect(me.statusCode).toBe(200);
    expect(me.headers['server-timing']).toMatch(/^gateway;dur=\d+\.\d$/);
    const refused = await runtime.app.inject({ method: 'POST', url: '/api/provider/video', payload: {} });
    expect(refused.statusCode).toBe(401);
    expect(refused.headers['server-timing']).toMatch(/^gateway;dur=\d+\.\d$/);
    const elsewhere = await runtime.app.inject({ method: 'GET', url: '/api/credits/packages' });
    expect(elsewhere.headers['server-timing']).toBeUndefined();
  });
});
