import type { AdminChannel, UpdateChannelBody } from '@conduit/contracts';
import { eq, sql } from 'drizzle-orm';
import { NotFound } from '../../platform/errors.ts';
import { BREAKER_COOL_DOWN_MS, circuitOf, type StateRow } from '../channels/channel-store.ts';
import { upstreamChannels } from '../channels/schema.ts';
import type { AdminActor, AdminContext } from './admin-context.ts';
import { writeAuditEntry } from './audit-log.ts';
import { percent } from './figures.ts';

const BALANCE_TIMEOUT_MS = 3_000;

/* Each channel with its attempts of the last hour: count, failures, median and 95th percentile. */
const CHANNELS_SQL = `
select c.id, c.service, c.upstream, c.enabled, c.priority, c.consecutive_failures, c.opened_at, c.margin_floor_percent,
       c.opened_at > now() - make_interval(secs => $1) as is_cooling,
       count(k.id)::int as calls, (count(k.id) filter (where not k.is_ok))::int as failures,
       round(percentile_cont(0.5) within group (order by k.latency_ms))::int as p50,
       round(percentile_cont(0.95) within group (order by k.latency_ms))::int as p95
  from upstream_channels c
  left join channel_calls k on k.channel_id = c.id and k.at > now() - interval '1 hour'
 where $2::text is null or c.id = $2
 group by c.id
 order by array_position(array['image', 'video', 'sora', 'linkedin'], c.service), c.priority, c.id`;

interface ChannelRow extends StateRow {
  service: string;
  upstream: string;
  calls: number;
  failures: number;
  p50: number | null;
  p95: number | null;
}

/** Each upstream's balance once (kie's channels share one account), null when unknown or failing. */
async function balances(ctx: Pick<AdminContext, 'engine'>): Promise<Map<string, number | null>> {
  const byUpstream = new Map<string, () => Promise<number>>();
  for (const channel of ctx.engine?.channels?.() ?? []) {
    if (channel.upstreamBalance) byUpstream.set(channel.upstream, channel.upstreamBalance);
  }
  const entries = await Promise.all(
    [...byUpstream].map(async ([upstream, read]) => {
      const timeout = new Promise<null>((resolve) =>
        setTimeout(() => resolve(null), BALANCE_TIMEOUT_MS).unref(),
      );
      return [upstream, await Promise.race([read().catch(() => null), timeout])] as const;
    }),
  );
  return new Map(entries);
}

/** The channels of the installation, ordered by service then priority (docs/admin-figures.md, "Channels: `GET /api/admin/channels`"). */
export async function listChannels(
  ctx: Pick<AdminContext, 'pool' | 'engine'>,
  id: string | null = null,
): Promise<AdminChannel[]> {
  const [{ rows }, balanceOf] = await Promise.all([
    ctx.pool.query<ChannelRow>(CHANNELS_SQL, [BREAKER_COOL_DOWN_MS / 1000, id]),
    balances(ctx),
  ]);
  return rows.map((row) => ({
    id: row.id,
    service: row.service,
    upstream: row.upstream,
    enabled: row.enabled,
    priority: row.priority,
    calls: row.calls,
    errorRate: percent(row.failures, row.calls),
    p50Ms: row.p50,
    p95Ms: row.p95,
    circuit: circuitOf(row),
    consecutiveFailures: row.consecutive_failures,
    upstreamBalance: balanceOf.get(row.upstream) ?? null,
    marginFloorPercent: row.margin_floor_percent,
  }));
}

/**
 * Turns a channel on or off, moves it in the order or sets its margin floor; the change and its
 * audit row commit together.
 */
export async function updateChannel(
  ctx: AdminContext,
  actor: AdminActor,
  id: string,
  body: UpdateChannelBody,
): Promise<AdminChannel> {
  await ctx.db.transaction(async (tx) => {
    const [before] = await tx
      .select()
      .from(upstreamChannels)
      .where(eq(upstreamChannels.id, id))
      .for('update');
    if (!before) throw new NotFound('No such channel');
    const after = {
      enabled: body.enabled ?? before.enabled,
      priority: body.priority ?? before.priority,
      marginFloorPercent: body.marginFloorPercent ?? before.marginFloorPercent,
    };
    await tx
      .update(upstreamChannels)
      .set({ ...after, updatedAt: sql`now()` })
      .where(eq(upstreamChannels.id, id));
    await writeAuditEntry(tx, {
      actorId: actor.userId,
      action: 'channel.updated',
      targetUserId: null,
      details: {
        channel: id,
        before: {
          enabled: before.enabled,
          priority: before.priority,
          marginFloorPercent: before.marginFloorPercent,
        },
        after,
      },
      at: ctx.clock.now(),
    });
  });
  // This process routes by the new state from its next call; the others within CHANNEL_STATE_TTL_MS.
  ctx.engine?.channelsChanged?.();
  const [channel] = await listChannels(ctx, id);
  return channel as AdminChannel;
}
