import { WORKSPACE_ROLES } from '@conduit/contracts';
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { createdAt, requiredRef, timestamptz } from '../../platform/db-columns.ts';
import { userRef, users } from './schema.ts';

/**
 * Who owns money, keys and tasks (docs/decisions/0011-workspaces.md). Every account has a
 * personal workspace whose id is the account's own id (so the migration that introduced
 * workspaces changed no balance, entry, key or task); a team is a workspace with members. The
 * tier and rate limits belong to the workspace: they are what its API keys get.
 */
export const workspaces = pgTable(
  'workspaces',
  {
    id: text('id').primaryKey(),
    kind: text('kind', { enum: ['personal', 'team'] }).notNull(),
    /** A team's name; null for a personal workspace. */
    name: text('name'),
    billingEmail: text('billing_email'),
    tier: text('tier', { enum: ['free', 'pro', 'enterprise'] })
      .notNull()
      .default('free'),
    maxApiKeys: integer('max_api_keys').notNull(),
    /** Enterprise limits set by an admin; null means the tier's defaults. */
    rateLimitPerMinute: integer('rate_limit_per_minute'),
    rateLimitPerHour: integer('rate_limit_per_hour'),
    rateLimitPerDay: integer('rate_limit_per_day'),
    /** Where account events (`balance.low`) are posted, signed like task callbacks; null for none. */
    webhookUrl: text('webhook_url'),
    /**
     * The webhook signing secret's generation: the secret is derived from SESSION_SECRET, the
     * workspace id and this number, so rotating stores no secret. For 24 hours after a rotation
     * (`webhook_secret_rotated_at`) calls are signed with the previous generation too.
     */
    webhookSecretVersion: integer('webhook_secret_version').notNull().default(0),
    webhookSecretRotatedAt: timestamptz('webhook_secret_rotated_at'),
    createdBy: text('created_by').references(() => users.id),
    createdAt: createdAt(),
    /** A deleted team: its keys stop at once, its ledger stays for accounting. */
    deletedAt: timestamptz('deleted_at'),
  },
  (table) => [
    check('workspaces_kind_check', sql`${table.kind} in ('personal', 'team')`),
    check('workspaces_tier_check', sql`${table.tier} in ('free', 'pro', 'enterprise')`),
    check('workspaces_max_api_keys_check', sql`${table.maxApiKeys} >= 0`),
    check('workspaces_team_name_check', sql`${table.kind} = 'personal' or ${table.name} is not null`),
  ],
);
export type WorkspaceRow = typeof workspaces.$inferSelect;

/** The workspace a row belongs to: its money, keys, tasks, members and history. */
export const workspaceRef = () => requiredRef('workspace_id', () => workspaces.id);

/**
 * The workspace of a row every paid call writes (its task, ledger entry, events and deliveries,
 * request log line), without a foreign key. Such a row's workspace is always the one the call's
 * debit just locked (credit_accounts, which keeps its key) or the one its key authenticated; a
 * foreign key would check it again for each row, taking a share lock on the workspace that the
 * account's next batch and the log's insert then share as a multixact: a sixth of PostgreSQL's
 * time per paid call (docs/decisions/0018-hot-rows-without-foreign-keys.md). Workspaces are never
 * deleted (a trigger refuses it, migration 0040), so such a row never loses its workspace.
 */
export const workspaceColumn = () => text('workspace_id').notNull();

/** A team's members, one role each. A personal workspace has none: its account is its owner. */
export const workspaceMembers = pgTable(
  'workspace_members',
  {
    workspaceId: workspaceRef(),
    userId: userRef('user_id'),
    role: text('role', { enum: WORKSPACE_ROLES }).notNull(),
    joinedAt: timestamptz('joined_at').notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.workspaceId, table.userId] }),
    index('workspace_members_user_id_idx').on(table.userId),
    check('workspace_members_role_check', sql`${table.role} in ('owner', 'admin', 'developer', 'billing')`),
  ],
);
