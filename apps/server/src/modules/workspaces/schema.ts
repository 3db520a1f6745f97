import { WORKSPACE_ROLES } from '@conduit/contracts';
import { sql } from 'drizzle-orm';
import { index, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt, timestamptz } from '../../platform/db-columns.ts';
import { users } from '../auth/schema.ts';
import { workspaceRef } from '../auth/workspace-schema.ts';

/** Mailed invitations: single-use, valid 7 days, only the token's SHA-256 kept. */
export const workspaceInvitations = pgTable(
  'workspace_invitations',
  {
    id: text('id').primaryKey(),
    tokenHash: text('token_hash').notNull().unique(),
    workspaceId: workspaceRef(),
    email: text('email').notNull(),
    role: text('role', { enum: WORKSPACE_ROLES }).notNull(),
    invitedBy: text('invited_by').references(() => users.id),
    createdAt: createdAt(),
    expiresAt: timestamptz('expires_at').notNull(),
    /** Accepted or revoked: either way the link no longer works. */
    usedAt: timestamptz('used_at'),
  },
  (table) => [index('workspace_invitations_workspace_id_idx').on(table.workspaceId)],
);

/** What happened in a team, for its owners and admins; written in the transaction of the change. */
export const workspaceAuditLog = pgTable(
  'workspace_audit_log',
  {
    id: text('id').primaryKey(),
    workspaceId: workspaceRef(),
    at: timestamptz('at').notNull().defaultNow(),
    /** Null when nobody acted (a purchase confirmed by the payment provider's webhook). */
    actorId: text('actor_id').references(() => users.id),
    action: text('action').notNull(),
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default(sql`'{}'::jsonb`),
  },
  (table) => [index('workspace_audit_log_workspace_at_idx').on(table.workspaceId, table.at, table.id)],
);
