import { KEY_MODES, SPEND_PERIODS } from '@conduit/contracts';
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { timestamptz } from '../../platform/db-columns.ts';
import { users } from '../auth/schema.ts';
import { workspaceRef } from '../auth/workspace-schema.ts';

/**
 * API keys. The key itself is shown to its owner whenever they look (the click-to-copy list of
 * docs/product.md, "Signed-in area"), so it is kept encrypted (AES-256-GCM) and found by its
 * SHA-256. Deleting sets `deleted_at`: usage history keeps naming the key, and every check requires
 * it to be null.
 */
export const apiKeys = pgTable(
  'api_keys',
  {
    id: text('id').primaryKey(),
    workspaceId: workspaceRef(),
    /** Who created the key; the key belongs to the workspace and outlives their membership. */
    createdBy: text('created_by').references(() => users.id),
    name: text('name').notNull(),
    keyHash: text('key_hash').notNull().unique(),
    keyEncrypted: text('key_encrypted').notNull(),
    permissions: text('permissions').array().notNull(),
    /** Credits the key may spend per period; null for no limit (then the period is null too). */
    spendLimitCredits: integer('spend_limit_credits'),
    spendLimitPeriod: text('spend_limit_period', { enum: SPEND_PERIODS }),
    /**
     * Credits spent in `spent_period` ('2026-11-25', '2026-11' or 'total', UTC): the debit adds to
     * it in the same statement, starting again from 0 when the period label changes.
     */
    spentCredits: integer('spent_credits').notNull().default(0),
    spentPeriod: text('spent_period').notNull().default('total'),
    /** Requests per minute for this key; null for the workspace's limits only. */
    rateLimitPerMinute: integer('rate_limit_per_minute'),
    /** Addresses and CIDR ranges the key may be used from; null for anywhere. */
    ipAllowlist: text('ip_allowlist').array(),
    expiresAt: timestamptz('expires_at'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    lastUsedAt: timestamptz('last_used_at'),
    lastUsedIp: text('last_used_ip'),
    /** After a roll, the old secret's hash: it keeps working until `previous_key_expires_at`. */
    previousKeyHash: text('previous_key_hash'),
    previousKeyExpiresAt: timestamptz('previous_key_expires_at'),
    deletedAt: timestamptz('deleted_at'),
    /** 'playground' for the key the playground made in one click: at most one live per workspace. */
    purpose: text('purpose', { enum: ['playground'] }),
    /** `test`: free calls on the development engine that see test data only (test-mode.ts). */
    mode: text('mode', { enum: KEY_MODES }).notNull().default('live'),
  },
  (table) => [
    index('api_keys_workspace_id_idx').on(table.workspaceId).where(sql`${table.deletedAt} is null`),
    uniqueIndex('api_keys_previous_key_hash_idx')
      .on(table.previousKeyHash)
      .where(sql`${table.previousKeyHash} is not null`),
    uniqueIndex('api_keys_playground_idx')
      .on(table.workspaceId)
      .where(sql`${table.purpose} = 'playground' and ${table.deletedAt} is null`),
    check(
      'api_keys_spend_limit_check',
      sql`(${table.spendLimitCredits} is null) = (${table.spendLimitPeriod} is null) and coalesce(${table.spendLimitCredits}, 1) > 0`,
    ),
    check('api_keys_spent_check', sql`${table.spentCredits} >= 0`),
    check('api_keys_mode_check', sql`${table.mode} in ('live', 'test')`),
  ],
);
export type ApiKeyRow = typeof apiKeys.$inferSelect;
