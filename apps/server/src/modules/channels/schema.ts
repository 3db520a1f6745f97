import { sql } from 'drizzle-orm';
import { boolean, check, doublePrecision, index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { timestamptz } from '../../platform/db-columns.ts';

/**
 * One row per channel, an upstream serving one service
 * (docs/upstreams.md, "Channels and failover"): what an admin set (enabled, priority) and the circuit breaker every process shares.
 * The channels themselves (credentials, model mapping, price) come from configuration; a row is
 * inserted with the channel's default priority the first time a process runs it.
 */
export const upstreamChannels = pgTable(
  'upstream_channels',
  {
    id: text('id').primaryKey(),
    service: text('service').notNull(),
    upstream: text('upstream').notNull(),
    enabled: boolean('enabled').notNull().default(true),
    /** Lower is tried first. */
    priority: integer('priority').notNull(),
    /** Failures in a row; a success sets it back to 0. */
    consecutiveFailures: integer('consecutive_failures').notNull().default(0),
    /**
     * The least margin, in percent of the price the customer pays, this channel must leave to serve
     * as a fallback (failover-engine.ts); 0 = never below cost.
     */
    marginFloorPercent: integer('margin_floor_percent').notNull().default(0),
    /** Set when the circuit opened (or a probe of an open circuit began); null while closed. */
    openedAt: timestamptz('opened_at'),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (table) => [
    check('upstream_channels_priority_check', sql`${table.priority} between 0 and 1000`),
    check('upstream_channels_margin_floor_check', sql`${table.marginFloorPercent} between 0 and 100`),
  ],
);
export type UpstreamChannelRow = typeof upstreamChannels.$inferSelect;

/**
 * Every attempt to hand work to a channel (a job start or a LinkedIn scrape), for the admin's
 * last-hour figures; rows older than a day are deleted (channel-store.ts).
 */
export const channelCalls = pgTable(
  'channel_calls',
  {
    id: text('id').primaryKey(),
    channelId: text('channel_id').notNull(),
    at: timestamptz('at').notNull().defaultNow(),
    isOk: boolean('is_ok').notNull(),
    latencyMs: integer('latency_ms').notNull(),
  },
  (table) => [index('channel_calls_channel_id_at_idx').on(table.channelId, table.at)],
);

/**
 * The creates an upstream took lately, for pacing them across every process when Redis is not
 * configured (engines/upstream-pace.ts): rows older than the pace window are deleted as it moves,
 * by the SQL function `conduit_take_pace_slots` of migration 0030 that takes the slots.
 */
export const upstreamPaceSlots = pgTable(
  'upstream_pace_slots',
  {
    id: text('id').primaryKey(),
    upstream: text('upstream').notNull(),
    takenAt: timestamptz('taken_at').notNull().defaultNow(),
  },
  (table) => [index('upstream_pace_slots_upstream_taken_at_idx').on(table.upstream, table.takenAt)],
);

/**
 * One row per kie.ai account of the pool (docs/upstreams.md, "A pool of kie.ai accounts"): its
 * id (a hash of the key, never the key) and whether it is set aside. An account that answered 401,
 * 402 or 433 is set aside: it takes no new creates until an admin re-enables it or the balance
 * watch reads its credits again (401 and 402 only); its tasks are still polled with its key.
 */
export const kieAccounts = pgTable('kie_accounts', {
  id: text('id').primaryKey(),
  /** Its place in KIE_API_KEYS when last started (`#2`), for people. */
  label: text('label').notNull(),
  setAsideAt: timestamptz('set_aside_at'),
  /** kie's code that set it aside (401, 402, 433), or null when an admin did. */
  setAsideCode: integer('set_aside_code'),
  setAsideReason: text('set_aside_reason'),
  /** The last credits the balance watch read, and when. */
  balance: doublePrecision('balance'),
  balanceReadAt: timestamptz('balance_read_at'),
  updatedAt: timestamptz('updated_at').notNull().defaultNow(),
});
export type KieAccountRow = typeof kieAccounts.$inferSelect;
