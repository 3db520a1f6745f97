import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { createPaidAccount, ledgerCheck, type PaidAccount } from '../../../test/paid-account.ts';
import { useTestRuntime } from '../../../test/test-runtime.ts';

const runtime = useTestRuntime();

interface Answer {
  code?: string;
  field?: string;
  data: { credits: number; quoteId: string; taskId: string; creditsCharged: number };
}
const json = (response: LightMyRequestResponse) => response.json() as Answer;
const post = (account: PaidAccount, url: string, payload: unknown) =>
  runtime.app.inject({
    method: 'POST',
    url,
    payload: payload as object,
    headers: { 'x-api-key': account.key },
  });
const quote = async (account: PaidAccount, service: string, body: object) => {
  const answer = await post(account, '/api/provider/quote', { service, body });
  expect(answer.statusCode, JSON.stringify(answer.json())).toBe(200);
  return json(answer).data;
};
const taskOf = async (taskId: string) =>
  (await runtime.services.pool.query('select cost, model, variant from tasks where id = $1', [taskId]))
    .rows[0];

describe('prices per variant: quote and charge agree', () => {
  it('a Kling 2.6 call is quoted and charged its variant, and a quote of one variant pays no other', async () => {
    const account = await createPaidAccount(runtime.services, { credits: 200 });
    const loud = { model: 'kling-2.6', prompt: 'a drone shot', duration: 10, sound: true };
    const quoted = await quote(account, 'video', loud);
    expect(quoted.credits).toBe(26);
    const charged = await post(account, '/api/provider/video', { ...loud, quoteId: quoted.quoteId });
    expect(charged.statusCode).toBe(200);
    expect(charged.headers['x-credits-charged']).toBe('26');
    expect(await taskOf(json(charged).data.taskId)).toEqual({
      cost: 26,
      model: 'kling-2.6',
      variant: '10s-sound',
    });

    // The default body's quote (12 credits) cannot pay for a 10 s video with sound.
    const cheap = await quote(account, 'video', { model: 'kling-2.6', prompt: 'a drone shot' });
    expect(cheap.credits).toBe(12);
    const refused = await post(account, '/api/provider/video', { ...loud, quoteId: cheap.quoteId });
    expect(refused.statusCode).toBe(400);
    expect(json(refused)).toMatchObject({ code: 'VALIDATION_FAILED', field: 'quoteId' });
    // maxCredits is measured against the variant's price.
    const capped = await post(account, '/api/provider/video', { ...loud, maxCredits: 25 });
    expect(capped.statusCode).toBe(402);
    expect(json(capped)).toMatchObject({ code: 'PRICE_ABOVE_MAX' });
    expect(await ledgerCheck(runtime.services, account.workspaceId)).toEqual({
      balance: 200 - 26,
      sum: 200 - 26,
    });
  });

  it('Wan 2.6 and Nano Banana Pro sell each resolution at its price; the list shows every variant', async () => {
    const account = await createPaidAccount(runtime.services, { credits: 200 });
    expect((await quote(account, 'video', { model: 'wan-2.6', prompt: 'x', duration: 15 })).credits).toBe(38);
    expect(
      (await quote(account, 'video', { model: 'wan-2.6', prompt: 'x', duration: 15, resolution: '720p' }))
        .credits,
    ).toBe(26);
    const image = await post(account, '/api/provider/image', {
      model: 'nano-banana-pro',
      prompt: 'a fox',
      resolution: '4K',
    });
    expect(image.statusCode).toBe(200);
    expect(image.headers['x-credits-charged']).toBe('5');
    expect(await taskOf(json(image).data.taskId)).toMatchObject({ cost: 5, variant: '4K' });

    const list = await runtime.app.inject({ method: 'GET', url: '/api/provider/models' });
    const wan = (list.json() as { data: { id: string; credits: number; variants: unknown[] }[] }).data.find(
      (model) => model.id === 'wan-2.6',
    );
    expect(wan?.credits).toBe(16);
    expect(wan?.variants).toContainEqual({
      variant: '1080p-15s',
      label: '1080p, 15 s',
      when: { resolution: '1080p', duration: 15 },
      credits: 38,
    });
  });

  it('LinkedIn: limit 3 and the default limit are 2 credits, more posts cost more, quote and charge agree', async () => {
    const account = await createPaidAccount(runtime.services, { credits: 100 });
    const few = await quote(account, 'linkedin', { username: 'ada', limit: 3 });
    expect(few.credits).toBe(2);
    expect((await quote(account, 'linkedin', { username: 'ada' })).credits).toBe(2);
    const many = await quote(account, 'linkedin', { username: 'ada', limit: 25 });
    expect(many.credits).toBe(4);
    // total_posts below the limit asks for fewer posts: priced by what is asked.
    expect((await quote(account, 'linkedin', { username: 'ada', limit: 100, total_posts: 5 })).credits).toBe(
      2,
    );
    expect((await quote(account, 'linkedin', { username: 'ada', limit: 100 })).credits).toBe(11);

    const charged = await post(account, '/api/provider/linkedin', {
      username: 'ada',
      limit: 25,
      quoteId: many.quoteId,
    });
    expect(charged.statusCode).toBe(200);
    expect(charged.headers['x-credits-charged']).toBe('4');
    expect(await taskOf(json(charged).data.taskId)).toMatchObject({ cost: 4, variant: 'posts-21-30' });
    const plain = await post(account, '/api/provider/linkedin', { username: 'ada', limit: 3 });
    expect(plain.headers['x-credits-charged']).toBe('2');
    // A quote of 3 posts cannot pay for 100.
    const refused = await post(account, '/api/provider/linkedin', {
      username: 'ada',
      limit: 100,
      quoteId: few.quoteId,
    });
    expect(refused.statusCode).toBe(400);
    expect(json(refused)).toMatchObject({ field: 'quoteId' });
    expect(await ledgerCheck(runtime.services, account.workspaceId)).toEqual({ balance: 94, sum: 94 });
  });
});
