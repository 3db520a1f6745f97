import { describe, expect, it } from 'vitest';
import { createPaidAccount } from '../../../test/paid-account.ts';
import { createScriptedEngine } from '../../../test/scripted-engine.ts';
import { useTestRuntime } from '../../../test/test-runtime.ts';
import { rebuildAccountActivity } from './account-activity.ts';

const runtime = useTestRuntime({}, { engine: createScriptedEngine() });

const ACTIVITY_COLUMNS = `last_call_at, streak_start_at, prev_streak_last_at, last_image_at, last_video_at,
  last_sora_at, last_linkedin_at`;

async function activityOf(userId: string) {
  const { rows } = await runtime.services.pool.query(
    `select ${ACTIVITY_COLUMNS} from credit_accounts where workspace_id = $1`,
    [userId],
  );
  return rows[0] as Record<string, Date | null>;
}

const iso = (value: Date | null | undefined) => value?.toISOString() ?? null;

describe('account call activity', () => {
  it('the debit keeps it, one call or a coalesced batch, exactly as a rebuild from the calls finds it', async () => {
    const account = await createPaidAccount(runtime.services, { credits: 500 });
    const paid = (url: string, payload: object) =>
      runtime.app.inject({ method: 'POST', url, headers: { 'x-api-key': account.key }, payload });
    expect(await activityOf(account.userId)).toMatchObject({ last_call_at: null, streak_start_at: null });

    // Sequential calls, then 20 at once (the charger coalesces these into batches).
    expect((await paid('/api/provider/linkedin', { username: 'someone' })).statusCode).toBe(200);
    expect((await paid('/api/provider/video', { prompt: 'one' })).statusCode).toBe(200);
    const burst = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        paid('/api/provider/sora-watermark-remover', {
          video_url: `https://sora.chatgpt.com/p/s_${i}`,
        }),
      ),
    );
    expect(burst.map((response) => response.statusCode)).toEqual(burst.map(() => 200));

    const live = await activityOf(account.userId);
    const { rows } = await runtime.services.pool.query(
      'select min(created_at) as first, max(created_at) as last from tasks where workspace_id = $1',
      [account.userId],
    );
    expect(iso(live.last_call_at)).toBe(iso(rows[0].last));
    expect(iso(live.streak_start_at)).toBe(iso(rows[0].first));
    expect(live.prev_streak_last_at).toBeNull();
    expect(live.last_image_at).toBeNull();
    expect(live.last_sora_at).toEqual(live.last_call_at);

    await rebuildAccountActivity(runtime.services.pool);
    const rebuilt = await activityOf(account.userId);
    expect(Object.fromEntries(Object.entries(rebuilt).map(([k, v]) => [k, iso(v)]))).toEqual(
      Object.fromEntries(Object.entries(live).map(([k, v]) => [k, iso(v)])),
    );
  });

  it('a gap of more than 30 days starts a new run; exactly 30 days does not', async () => {
    const account = await createPaidAccount(runtime.services);
    const calls: [string, string][] = [
      ['image', '2026-01-01T00:00:00Z'],
      ['video', '2026-01-31T00:00:00Z'], // exactly 30 days later: same run
      ['image', '2026-03-05T00:00:00Z'], // 33 days later: a new run
      ['linkedin', '2026-03-20T00:00:00Z'],
    ];
    for (const [index, [service, at]] of calls.entries()) {
      await runtime.services.pool.query(
        `insert into tasks (id, workspace_id, api_key_id, service, status, cost, engine, request, deadline_at, created_at)
         values ($1, $2, $3, $4, 'completed', 1, 'local', '{}', $5, $5)`,
        [`task_run_${account.userId}_${index}`, account.userId, account.keyId, service, at],
      );
    }
    await rebuildAccountActivity(runtime.services.pool);
    const activity = await activityOf(account.userId);
    expect(Object.fromEntries(Object.entries(activity).map(([k, v]) => [k, iso(v)]))).toEqual({
      last_call_at: '2026-03-20T00:00:00.000Z',
      streak_start_at: '2026-03-05T00:00:00.000Z',
      prev_streak_last_at: '2026-01-31T00:00:00.000Z',
      last_image_at: '2026-03-05T00:00:00.000Z',
      last_video_at: '2026-01-31T00:00:00.000Z',
      last_sora_at: null,
      last_linkedin_at: '2026-03-20T00:00:00.000Z',
    });
  });
});
