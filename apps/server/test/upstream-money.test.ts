import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type FakeFal, startFakeFal } from './fake-fal.ts';
import { type FakeKie, startFakeKie } from './fake-kie.ts';
import { createPaidAccount, ledgerCheck, type PaidAccount } from './paid-account.ts';
import { createProcessSet } from './process-set.ts';
import type { ServerProcess } from './server-processes.ts';

/*
 * The money rule of docs/upstreams.md against upstreams that behave as documented: a burst of 50
 * calls of each kie-served service (image, video, Sora), sent to two server processes at once,
 * against a kie.ai that takes 20 creates per window and drops the rest with 429, and whose records
 * are null right after a create. Both processes pace their creates through one shared window
 * (Redis when the run has one, else PostgreSQL), so kie never answers 429, nothing fails over to
 * fal.ai, nothing is refunded, each call is charged once and the ledger equals the balances.
 */

const BURST = 50;
/**
 * The fake's window is 1 s (kie's 10 s, shortened for the test). The pace counts a create when it
 * leaves, kie when it arrives: the pace's window is twice as long, so even a heavily loaded test
 * machine (a create's slot taken long before its request arrives) never lands 21 in one of kie's.
 */
const WINDOW_MS = 1_000;

let kie: FakeKie;
let fal: FakeFal;
let set: Awaited<ReturnType<typeof createProcessSet>>;
let processes: ServerProcess[];

beforeAll(async () => {
  kie = await startFakeKie({ pendingPolls: 1, nullRecordMs: 300 });
  kie.createWindowMs = WINDOW_MS;
  fal = await startFakeFal({ pendingPolls: 1 });
  const redisUrl = inject('redisUrl');
  set = await createProcessSet(
    'upstream-money',
    {
      PROVIDER_ENGINE: 'kie',
      KIE_API_KEY: kie.apiKey,
      KIE_BASE_URL: kie.url,
      FAL_KEY: fal.key,
      FAL_BASE_URL: fal.url,
      KIE_CREATES_PER_WINDOW: '20',
      KIE_CREATE_WINDOW_MS: String(2 * WINDOW_MS),
      LOG_LEVEL: 'warn',
      ...(redisUrl && { REDIS_URL: redisUrl }),
    },
    4,
  );
  // One after the other: two cold starts at once can outlast waitForReady on a busy machine.
  processes = [await set.start('all'), await set.start('all')];
}, 180_000);
afterAll(async () => {
  await set?.close();
  await Promise.all([kie?.close(), fal?.close()]);
});

const post = (server: ServerProcess, path: string, key: string, body: unknown) =>
  fetch(`${server.url}${path}`, {
    method: 'POST',
    headers: { 'x-api-key': key, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  }).then(async (response) => ({ status: response.status, body: await response.json() }));

async function burstAccount(): Promise<PaidAccount> {
  const account = await createPaidAccount(set.ctx, { credits: 1_000, tier: 'enterprise' });
  await set.ctx.pool.query(
    'update workspaces set rate_limit_per_minute = 100000, rate_limit_per_hour = 100000, rate_limit_per_day = 100000 where id = $1',
    [account.userId],
  );
  return account;
}

describe('a burst against the paced kie.ai', () => {
  it('50 images, 50 videos and 50 Sora removals: none fails over, none refunded, each charged once', async () => {
    const account = await burstAccount();
    const calls = Array.from({ length: BURST }, (_, i) => {
      const server = processes[i % processes.length] as ServerProcess;
      return [
        post(server, '/api/provider/image', account.key, { prompt: `burst image ${i}` }),
        post(server, '/api/provider/video', account.key, { prompt: `burst video ${i}` }),
        post(server, '/api/provider/sora-watermark-remover', account.key, {
          video_url: `https://sora.chatgpt.com/p/s_burst_${i}`,
        }),
      ];
    }).flat();
    const answers = await Promise.all(calls);
    expect(answers.filter((answer) => answer.status >= 300)).toEqual([]);

    const unsettled = async () =>
      (
        await set.ctx.pool.query(
          `select count(*)::int as n from tasks where workspace_id = $1 and status = 'processing'`,
          [account.userId],
        )
      ).rows[0].n;
    await expect.poll(unsettled, { timeout: 90_000, interval: 500 }).toBe(0);

    const { rows } = await set.ctx.pool.query(
      `select service, status, channel, upstream_cost_micros, credits_refunded, count(*)::int as n
         from tasks where workspace_id = $1
        group by 1, 2, 3, 4, 5 order by 1`,
      [account.userId],
    );
    expect(rows).toEqual([
      {
        service: 'image',
        status: 'completed',
        channel: 'kie:image',
        upstream_cost_micros: 20_000,
        credits_refunded: 0,
        n: BURST,
      },
      {
        service: 'sora',
        status: 'completed',
        channel: 'kie:sora',
        upstream_cost_micros: 50_000,
        credits_refunded: 0,
        n: BURST,
      },
      {
        service: 'video',
        status: 'completed',
        channel: 'kie:video',
        upstream_cost_micros: 300_000,
        credits_refunded: 0,
        n: BURST,
      },
    ]);
    // kie took each task exactly once and fal was never asked: every 429 was a wait, not a loss.
    expect(kie.created).toHaveLength(3 * BURST);
    expect(fal.submitted).toHaveLength(0);
    expect(kie.deprecatedUses).toEqual([]);
    // The two processes paced through one window. Unshared, each would send its first 20 at once:
    // 20 of those 40 answered 429 at the start alone. Shared, a 429 comes only when a loaded
    // machine delays requests (or the fake's own handling) so that a later window's creates
    // arrive bunched with an earlier one's; the exact bound is asserted in upstream-pace.test.ts.
    expect(kie.rateLimited).toBeLessThan(20);

    const { rows: entries } = await set.ctx.pool.query(
      `select reason, count(*)::int as n, count(distinct reference)::int as tasks, sum(delta)::int as delta
         from credit_entries where workspace_id = $1 and reason in ('usage', 'refund') group by 1`,
      [account.userId],
    );
    expect(entries).toEqual([
      { reason: 'usage', n: 3 * BURST, tasks: 3 * BURST, delta: -(BURST * (1 + 10 + 1)) },
    ]);
    expect(await ledgerCheck(set.ctx, account.userId)).toEqual({
      balance: 1_000 - BURST * 12,
      sum: 1_000 - BURST * 12,
    });
  }, 150_000);
});
