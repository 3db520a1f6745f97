import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readAs, type SignedInAccount, signedInAccount } from '../../../test/accounts.ts';
import { createPaidAccount, postWithKey } from '../../../test/paid-account.ts';
import { createTestRuntime, type TestRuntime } from '../../../test/test-runtime.ts';

/** The admin Channels tab's API on the embedded default: the local engine, one channel per service. */
describe('admin channels', () => {
  let runtime: TestRuntime;
  let admin: SignedInAccount;
  let user: SignedInAccount;

  beforeAll(async () => {
    runtime = await createTestRuntime({ ROLE: 'api' });
    admin = await signedInAccount(runtime, 'admin');
    user = await signedInAccount(runtime, 'user');
  });
  afterAll(() => runtime.close());

  it('lists each channel with its last hour: calls, error rate, p50/p95 latency, circuit state', async () => {
    const account = await createPaidAccount(runtime.services);
    const image = await postWithKey(runtime.app, account.key, '/api/provider/image', {
      prompt: 'a quiet lake',
    });
    expect(image.json().data.status).toBe('completed');
    const { pool } = runtime.services;
    // A call's record is written shortly after it answers (it waits for others to share the insert).
    const recorded = async () =>
      (await pool.query(`select count(*)::int as n from channel_calls where channel_id = 'local:image'`))
        .rows[0].n;
    await expect.poll(recorded).toBe(1);
    // Three more attempts on the image channel: 100 ms and 300 ms failures, a 500 ms success.
    await pool.query(
      `insert into channel_calls (id, channel_id, is_ok, latency_ms, at) values
         ('chc_t1', 'local:image', false, 100, now()), ('chc_t2', 'local:image', false, 300, now()),
         ('chc_t3', 'local:image', true, 500, now()), ('chc_t4', 'local:image', false, 9000, now() - interval '2 hours')`,
    );
    await pool.query(
      `update upstream_channels set consecutive_failures = 5, opened_at = now() where id = 'local:video'`,
    );
    const { channels } = await readAs(admin, '/api/admin/channels');
    expect(channels.map((c: { id: string }) => c.id)).toEqual([
      'local:image',
      'local:video',
      'local:sora',
      'local:linkedin',
    ]);
    const [imageChannel, video, sora] = channels;
    // 4 calls in the hour (the real one took under 100 ms); 2 failed; the 2-hour-old one is outside
    expect(imageChannel).toMatchObject({
      service: 'image',
      upstream: 'local',
      enabled: true,
      priority: 10,
      calls: 4,
      errorRate: 50,
      circuit: 'closed',
      upstreamBalance: null,
    });
    // latencies sorted: x (<100), 100, 300, 500 -> median between 100 and 300 = 200; p95 near 500
    expect(imageChannel.p50Ms).toBe(200);
    expect(imageChannel.p95Ms).toBe(470);
    expect(video).toMatchObject({ circuit: 'open', consecutiveFailures: 5, calls: 0, p50Ms: null });
    expect(sora).toMatchObject({ circuit: 'closed', calls: 0, errorRate: 0 });
  });

  it('an admin turns a channel off and moves it; each change is in the audit log', async () => {
    const off = await admin.call('PATCH', '/api/admin/channels/local:sora', { enabled: false, priority: 30 });
    expect(off.statusCode).toBe(200);
    expect(off.json().channel).toMatchObject({ id: 'local:sora', enabled: false, priority: 30 });
    const { rows } = await runtime.services.pool.query(
      `select actor_id, action, target_user_id, details from admin_audit_log where action = 'channel.updated'`,
    );
    expect(rows).toEqual([
      {
        actor_id: admin.userId,
        action: 'channel.updated',
        target_user_id: null,
        details: {
          channel: 'local:sora',
          before: { enabled: true, priority: 10, marginFloorPercent: 0 },
          after: { enabled: false, priority: 30, marginFloorPercent: 0 },
        },
      },
    ]);
    const log = await admin.call('GET', '/api/admin/audit-log');
    expect(log.json().entries[0]).toMatchObject({
      action: 'channel.updated',
      details: { channel: 'local:sora' },
    });

    const on = await admin.call('PATCH', '/api/admin/channels/local:sora', { enabled: true });
    expect(on.json().channel).toMatchObject({ enabled: true, priority: 30 });

    // The margin floor a fallback must keep: set, listed, audited.
    const floor = await admin.call('PATCH', '/api/admin/channels/local:sora', { marginFloorPercent: 25 });
    expect(floor.json().channel).toMatchObject({ enabled: true, priority: 30, marginFloorPercent: 25 });
    const listed = (await admin.call('GET', '/api/admin/channels')).json().channels;
    expect(listed.find((c: { id: string }) => c.id === 'local:sora')).toMatchObject({
      marginFloorPercent: 25,
    });
    const audited = await runtime.services.pool.query(
      `select details from admin_audit_log where action = 'channel.updated' order by at desc limit 1`,
    );
    expect(audited.rows[0].details).toMatchObject({
      before: { marginFloorPercent: 0 },
      after: { marginFloorPercent: 25 },
    });
  });

  it('bad input is a 400 and changes nothing; an unknown channel is a 404; only admins get in', async () => {
    for (const body of [
      {},
      { priority: -1 },
      { priority: 1001 },
      { enabled: 'yes' },
      { color: 'red' },
      { marginFloorPercent: 101 },
      { marginFloorPercent: 2.5 },
    ]) {
      expect((await admin.call('PATCH', '/api/admin/channels/local:image', body)).statusCode).toBe(400);
    }
    expect((await admin.call('PATCH', '/api/admin/channels/nope:image', { enabled: false })).statusCode).toBe(
      404,
    );
    const { rows } = await runtime.services.pool.query(
      `select enabled, priority from upstream_channels where id = 'local:image'`,
    );
    expect(rows[0]).toEqual({ enabled: true, priority: 10 });
    expect((await user.call('GET', '/api/admin/channels')).statusCode).toBe(403);
    expect((await user.call('PATCH', '/api/admin/channels/local:image', { enabled: false })).statusCode).toBe(
      403,
    );
    const anonymous = await runtime.app.inject({ method: 'GET', url: '/api/admin/channels' });
    expect(anonymous.statusCode).toBe(401);
  });
});
