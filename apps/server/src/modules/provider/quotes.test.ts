import type { LightMyRequestResponse } from 'fastify';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPaidAccount, ledgerCheck, type PaidAccount } from '../../../test/paid-account.ts';
import { useScriptedRuntime } from '../../../test/test-runtime.ts';
import { parseConfig } from '../../platform/config.ts';
import { type Runtime, startRuntime } from '../../platform/runtime.ts';

const { engine, runtime } = useScriptedRuntime();
/** The same installation after the operator raised the video price: a second process on the same database. */
let raised: Runtime;
beforeAll(async () => {
  raised = await startRuntime(
    parseConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      DATA_DIR: runtime.dataDir,
      DATABASE_URL: runtime.databaseUrl,
      CREDIT_PRICES: 'video=15',
    }),
    pino({ level: 'silent' }),
    { engine },
  );
});
afterAll(() => raised?.stop());

interface Answer {
  code?: string;
  field?: string;
  required?: number;
  maxCredits?: number;
  data: { credits: number; quoteId: string; expiresAt: string; taskId: string; creditsCharged: number };
}
const json = (response: LightMyRequestResponse) => response.json() as Answer;
const post = (app: Runtime['app'], account: PaidAccount, url: string, payload: unknown) =>
  app.inject({ method: 'POST', url, payload: payload as object, headers: { 'x-api-key': account.key } });
const quote = (account: PaidAccount, payload: unknown) =>
  post(runtime.app, account, '/api/provider/quote', payload);
const ledger = (account: PaidAccount) => ledgerCheck(runtime.services, account.workspaceId);
const VIDEO = { prompt: 'a drone shot' };

describe('binding prices', () => {
  it('quotes without charging, and the quoted price holds across a price change until it expires', async () => {
    const account = await createPaidAccount(runtime.services, { credits: 100 });
    const answer = await quote(account, { service: 'video', body: VIDEO });
    expect(answer.statusCode).toBe(200);
    const { credits, quoteId, expiresAt } = json(answer).data;
    expect(credits).toBe(10);
    expect(quoteId).toMatch(/^quo_/);
    expect(new Date(expiresAt).getTime() - Date.now()).toBeGreaterThan(14 * 60_000);
    expect(await ledger(account)).toEqual({ balance: 100, sum: 100 });

    // The raised price applies to a call without the quote...
    const unquoted = await post(raised.app, account, '/api/provider/video', VIDEO);
    expect(unquoted.headers['x-credits-charged']).toBe('15');
    expect(json(unquoted).data.creditsCharged).toBe(15);
    // ...the quote's to a call with it, and a quote of the new price is the new price.
    const quoted = await post(raised.app, account, '/api/provider/video', { ...VIDEO, quoteId });
    expect(quoted.statusCode).toBe(200);
    expect(quoted.headers['x-credits-charged']).toBe('10');
    expect(quoted.headers['x-credits-remaining']).toBe('75');
    const stored = await runtime.services.pool.query('select cost, request from tasks where id = $1', [
      json(quoted).data.taskId,
    ]);
    // The price controls steer the charge; the task keeps the request without them.
    expect(stored.rows[0].cost).toBe(10);
    expect(stored.rows[0].request).toMatchObject(VIDEO);
    expect(stored.rows[0].request).not.toHaveProperty('quoteId');
    expect(
      json(await post(raised.app, account, '/api/provider/quote', { service: 'video', body: VIDEO })).data
        .credits,
    ).toBe(15);

    await runtime.services.pool.query(
      "update price_quotes set expires_at = now() - interval '1 second' where id = $1",
      [quoteId],
    );
    const expired = await post(raised.app, account, '/api/provider/video', { ...VIDEO, quoteId });
    expect(expired.statusCode).toBe(400);
    expect(json(expired)).toMatchObject({ code: 'VALIDATION_FAILED', field: 'quoteId' });
    expect(await ledger(account)).toEqual({ balance: 75, sum: 75 });
  });

  it("a quote is its workspace's and its service's only", async () => {
    const account = await createPaidAccount(runtime.services, { credits: 30 });
    const other = await createPaidAccount(runtime.services, { credits: 30 });
    const { quoteId } = json(await quote(account, { service: 'video', body: VIDEO })).data;
    const stranger = await post(runtime.app, other, '/api/provider/video', { ...VIDEO, quoteId });
    expect(json(stranger)).toMatchObject({ code: 'VALIDATION_FAILED', field: 'quoteId' });
    const otherService = await post(runtime.app, account, '/api/provider/sora-watermark-remover', {
      video_url: 'https://sora.chatgpt.com/p/s_1',
      quoteId,
    });
    expect(json(otherService)).toMatchObject({ code: 'VALIDATION_FAILED', field: 'quoteId' });
    expect(await ledger(other)).toEqual({ balance: 30, sum: 30 });
    expect(await ledger(account)).toEqual({ balance: 30, sum: 30 });
  });

  it('maxCredits below the price is refused with 402 PRICE_ABOVE_MAX before any charge', async () => {
    const account = await createPaidAccount(runtime.services, { credits: 100 });
    const refused = await post(raised.app, account, '/api/provider/video', { ...VIDEO, maxCredits: 12 });
    expect(refused.statusCode).toBe(402);
    expect(json(refused)).toMatchObject({ code: 'PRICE_ABOVE_MAX', required: 15, maxCredits: 12 });
    const image = await post(runtime.app, account, '/api/provider/image', { prompt: 'a fox', maxCredits: 1 });
    expect(image.statusCode).toBe(200);
    expect(await ledger(account)).toEqual({ balance: 99, sum: 99 });
    const { rows } = await runtime.services.pool.query(
      'select count(*)::int as n from tasks where workspace_id = $1',
      [account.workspaceId],
    );
    expect(rows[0].n).toBe(1);
  });

  it('checks the quoted body as the service would, naming the field', async () => {
    const account = await createPaidAccount(runtime.services, { credits: 10 });
    const bad = await quote(account, { service: 'video', body: { prompt: 'x', seeds: 5 } });
    expect(bad.statusCode).toBe(400);
    expect(json(bad)).toMatchObject({ code: 'VALIDATION_FAILED', field: 'body.seeds' });
    const unknownService = await quote(account, { service: 'music', body: {} });
    expect(json(unknownService)).toMatchObject({ code: 'VALIDATION_FAILED', field: 'service' });
    const capped = await quote(account, { service: 'video', body: { ...VIDEO, maxCredits: 5 } });
    expect(json(capped)).toMatchObject({ code: 'PRICE_ABOVE_MAX', required: 10 });
    expect(await ledger(account)).toEqual({ balance: 10, sum: 10 });
  });
});
