import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { readEventStream, type StreamedEvent } from '@conduit/client';
import { appPath, routerPath } from '@conduit/contracts';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPaidAccount, type PaidAccount } from '../../../test/paid-account.ts';
import { runtimeAtItsPublicUrl } from '../../../test/runtime-with-inbox.ts';
import type { TestRuntime } from '../../../test/test-runtime.ts';
import { startWebhookReceiver, type WebhookReceiver } from '../../../test/webhook-receiver.ts';
import { createLocalEngine } from '../engines/local-engine.ts';
import { recordEvent } from '../events/record-event.ts';

const BIN = fileURLToPath(new URL('../../../../../node_modules/.bin/conduit', import.meta.url));

let runtime: TestRuntime;
let baseUrl: string;
let receiver: WebhookReceiver;
beforeAll(async () => {
  receiver = await startWebhookReceiver();
  ({ runtime, baseUrl } = await runtimeAtItsPublicUrl({
    engine: createLocalEngine({ jobMs: { video: 500, sora: 300 } }),
  }));
});
afterAll(async () => {
  await runtime?.close();
  await receiver?.close();
});

const trigger = async (account: PaidAccount, type = 'webhook.test') => {
  const response = await fetch(`${baseUrl}${appPath('sendWebhookTest')}`, {
    method: 'POST',
    headers: { 'x-api-key': account.key, 'content-type': 'application/json' },
    body: JSON.stringify({ type }),
  });
  expect(response.status).toBe(200);
  return ((await response.json()) as { eventId: string }).eventId;
};

/** Opens the event stream with these headers; `next()` answers its next webhook event. */
async function openStream(headers: Record<string, string>) {
  const abort = new AbortController();
  const response = await fetch(`${baseUrl}/api/events`, { headers, signal: abort.signal });
  expect(response.status).toBe(200);
  const events = readEventStream(response.body as ReadableStream<Uint8Array>);
  return {
    async next(): Promise<StreamedEvent> {
      for (;;) {
        const { value, done } = await events.next();
        if (done) throw new Error('the stream ended');
        if (value.id?.startsWith('evt_')) return value;
      }
    },
    close: () => abort.abort(),
  };
}

describe('the event stream with an API key', () => {
  it('streams the workspace events to a Bearer key, and resumes after Last-Event-ID with X-API-Key', async () => {
    const account = await createPaidAccount(runtime.services);
    const first = await openStream({ authorization: `Bearer ${account.key}` });
    const a = await trigger(account);
    const seen = await first.next();
    expect(seen).toMatchObject({ id: a, event: 'webhook.test' });
    expect(JSON.parse(seen.data)).toMatchObject({ id: a, type: 'webhook.test', isTest: true });
    first.close();

    // Dropped: two events happen meanwhile; the resumed stream gives exactly those, in order.
    const b = await trigger(account, 'task.completed');
    const c = await trigger(account, 'balance.low');
    const resumed = await openStream({ 'x-api-key': account.key, 'last-event-id': a });
    expect((await resumed.next()).id).toBe(b);
    expect((await resumed.next()).id).toBe(c);
    const d = await trigger(account);
    expect((await resumed.next()).id).toBe(d);
    resumed.close();

    const refused = await fetch(`${baseUrl}/api/events`, { headers: { 'x-api-key': 'cnd_live_nope' } });
    expect(refused.status).toBe(401);
    // Another workspace's stream never sees these events.
    const other = await createPaidAccount(runtime.services);
    const theirs = await openStream({ 'x-api-key': other.key, 'last-event-id': a });
    const own = await trigger(other);
    expect((await theirs.next()).id).toBe(own);
    theirs.close();
  });
});

describe('an event whose transaction commits after a later event', () => {
  it('is still streamed and listed after that later one: no cursor moves past an event in flight', async () => {
    const account = await createPaidAccount(runtime.services);
    const stream = await openStream({ 'x-api-key': account.key });
    const first = await trigger(account);
    expect((await stream.next()).id).toBe(first);

    // An event recorded in a transaction that is still open (a settle's, a payment's) ...
    let commit = () => {};
    const held = new Promise<void>((resolve) => {
      commit = resolve;
    });
    let inFlightId = '';
    const recorded = new Promise<void>((resolve) => {
      void runtime.services.db.transaction(async (tx) => {
        const event = await recordEvent(tx, {
          workspaceId: account.workspaceId,
          type: 'balance.low',
          data: { workspaceId: account.workspaceId, balance: 3, threshold: 5 },
          dedupeKey: `in-flight:${account.workspaceId}`,
          at: new Date(),
        });
        inFlightId = event?.event.id ?? '';
        resolve();
        await held;
      });
    });
    await recorded;
    // ... while a later one commits, is streamed and read by the events API.
    const later = await trigger(account);
    expect((await stream.next()).id).toBe(later);
    const listed = async (after: string) => {
      const response = await fetch(`${baseUrl}${routerPath('listEvents')}?after=${after}`, {
        headers: { 'x-api-key': account.key },
      });
      expect(response.status).toBe(200);
      return ((await response.json()) as { data: { id: string }[] }).data.map((event) => event.id);
    };
    expect(await listed(first)).toEqual([later]);

    commit();
    // The stream goes on with it, and a receiver catching up after the later event finds it.
    expect((await stream.next()).id).toBe(inFlightId);
    expect(await listed(later)).toEqual([inFlightId]);
    expect(await listed(first)).toEqual([inFlightId, later]);
    stream.close();
  });
});

describe('conduit listen', () => {
  it("forwards a real task's events to a local URL, signed with the workspace secret", async () => {
    const account = await createPaidAccount(runtime.services, { credits: 30 });
    const listen = spawn(BIN, ['listen', '--forward-to', `${receiver.url}/local`, '--base-url', baseUrl], {
      env: { PATH: process.env.PATH ?? '', CONDUIT_API_KEY: account.key },
    });
    let stdout = '';
    let stderr = '';
    listen.stdout.on('data', (chunk) => {
      stdout += chunk;
    });
    listen.stderr.on('data', (chunk) => {
      stderr += chunk;
    });
    const exited = new Promise<number | null>((resolve) => listen.on('exit', resolve));
    try {
      await expect.poll(() => stderr, { timeout: 20_000 }).toContain('Ready: forwarding');
      const created = await fetch(`${baseUrl}/api/provider/video`, {
        method: 'POST',
        headers: { 'x-api-key': account.key, 'content-type': 'application/json' },
        body: JSON.stringify({ prompt: 'a fox running' }),
      });
      const taskId = ((await created.json()) as { data: { taskId: string } }).data.taskId;
      const local = () => receiver.calls.filter((call) => call.path === '/local');
      await expect.poll(() => local().length, { timeout: 30_000 }).toBe(2);
      const secret = (
        (await (
          await fetch(`${baseUrl}${appPath('webhookSecret')}`, { headers: { 'x-api-key': account.key } })
        ).json()) as { secret: string }
      ).secret;
      const verified = local().map((call) =>
        new Webhook(secret).verify(call.body, call.headers as Record<string, string>),
      );
      expect(verified).toMatchObject([
        { type: 'task.started', data: { taskId, status: 'processing' } },
        { type: 'task.completed', data: { taskId, status: 'completed' } },
      ]);
      const lines = stdout.trim().split('\n');
      expect(lines).toHaveLength(2);
      expect(lines[1]).toMatch(/ {2}task\.completed {2}evt_\w+ {2}-> 204 \(\d+ ms\)$/);
      expect(lines[1]).toContain(String(local()[1]?.headers['webhook-id']));
    } finally {
      listen.kill('SIGINT');
    }
    expect(await exited).toBe(0);
  }, 60_000);
});
