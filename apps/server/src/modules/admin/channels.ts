import type {
  AdminChannel,
  AdminKieAccount,
  UpdateChannelBody,
  UpdateKieAccountBody,
} from '@conduit/contracts';
import { eq, sql } from 'drizzle-orm';
import { NotFound } from '../../platform/errors.ts';
import { BREAKER_COOL_DOWN_MS, circuitOf, type StateRow } from '../channels/channel-store.ts';
import { kieAccountRows } from '../channels/kie-account-store.ts';
import { kieAccounts, upstreamChannels } from '../channels/schema.ts';
import type { KieAccountUse } from '../engines/kie-accounts.ts';
import { lowerKieAccountAlert } from '../upstream-watch/kie-account-watch.ts';
import type { AdminActor, AdminContext } from './admin-context.ts';
import { writeSettingAudit } from './audit-log.ts';
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
    await writeSettingAudit(tx, ctx.clock.now(), actor.userId, 'channel.updated', {
      channel: id,
      before: {
        enabled: before.enabled,
        priority: before.priority,
        marginFloorPercent: before.marginFloorPercent,
      },
      after,
    });
  });
  // This process routes by the new state from its next call; the others within CHANNEL_STATE_TTL_MS.
  ctx.engine?.channelsChanged?.();
  const [channel] = await listChannels(ctx, id);
  return channel as AdminChannel;
}

/** Waits at most BALANCE_TIMEOUT_MS for the engine's live figures of its kie accounts. */
async function accountUses(ctx: Pick<AdminContext, 'engine'>): Promise<Map<string, KieAccountUse>> {
  const read = ctx.engine?.upstreamAccounts?.();
  if (!read) return new Map();
  const timeout = new Promise<KieAccountUse[]>((resolve) =>
    setTimeout(() => resolve([]), BALANCE_TIMEOUT_MS).unref(),
  );
  const uses = await Promise.race([read.catch(() => []), timeout]);
  return new Map(uses.map((use) => [use.id, use]));
}

/**
 * The kie.ai accounts the engine runs, each with its pace use now, its balance (read now, else the
 * balance watch's last) and whether it is set aside (docs/upstreams.md, "A pool of kie.ai accounts").
 */
export async function listKieAccounts(
  ctx: Pick<AdminContext, 'pool' | 'engine'>,
  id: string | null = null,
): Promise<AdminKieAccount[]> {
  const [rows, uses] = await Promise.all([kieAccountRows(ctx.pool), accountUses(ctx)]);
  const byId = new Map(rows.map((row) => [row.id, row]));
  // The accounts this process runs, in their configured order; rows of accounts no longer configured are not shown.
  return [...uses.values()]
    .filter((use) => id === null || use.id === id)
    .map((use) => {
      const row = byId.get(use.id);
      return {
        id: use.id,
        label: use.label,
        paceUsed: use.paceUsed,
        paceLimit: use.paceLimit,
        balance: use.balance ?? row?.balance ?? null,
        state: row?.setAsideAt ? 'set_aside' : 'active',
        setAsideReason: row?.setAsideAt ? (row.setAsideReason ?? null) : null,
        setAsideAt: row?.setAsideAt?.toISOString() ?? null,
      };
    });
}

/**
 * Re-enables a set-aside kie.ai account, or sets one aside by hand (it then stays aside until an
 * admin re-enables it); the change and its audit row commit together. Every process uses the new
 * state within a second (KIE_ACCOUNT_STATE_TTL_MS), this one at once; the account's alert is
 * lowered when it serves again.
 */
export async function updateKieAccount(
  ctx: AdminContext,
  actor: AdminActor,
  id: string,
  body: UpdateKieAccountBody,
): Promise<AdminKieAccount> {
  await ctx.db.transaction(async (tx) => {
    const [before] = await tx.select().from(kieAccounts).where(eq(kieAccounts.id, id)).for('update');
    if (!before) throw new NotFound('No such kie.ai account');
    const wasActive = before.setAsideAt === null;
    if (wasActive === body.active) return;
    await tx
      .update(kieAccounts)
      .set(
        body.active
          ? { setAsideAt: null, setAsideCode: null, setAsideReason: null, updatedAt: sql`now()` }
          : {
              setAsideAt: sql`now()`,
              setAsideCode: null,
              setAsideReason: 'Set aside by an admin',
              updatedAt: sql`now()`,
            },
      )
      .where(eq(kieAccounts.id, id));
    await writeSettingAudit(tx, ctx.clock.now(), actor.userId, 'kie_account.updated', {
      account: id,
      before: { active: wasActive, reason: before.setAsideReason },
      after: { active: body.active },
    });
  });
  ctx.engine?.channelsChanged?.();
  if (body.active) await lowerKieAccountAlert(ctx, id, 'an admin re-enabled it');
  const [account] = await listKieAccounts(ctx, id);
  if (!account) throw new NotFound('No such kie.ai account');
  return account;
}
