import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  type PgColumnBuilderBase,
  pgTable,
  primaryKey,
  text,
} from 'drizzle-orm/pg-core';
import { createdAt, requiredRef, timestamptz } from '../../platform/db-columns.ts';

/**
 * An account. Rows are never deleted: a deleted account is anonymised (email replaced, secrets
 * and profile cleared) so its ledger and payment rows keep their owner for accounting.
 */
export const users = pgTable(
  'users',
  {
    id: text('id').primaryKey(),
    email: text('email').notNull().unique(),
    emailVerifiedAt: timestamptz('email_verified_at'),
    passwordHash: text('password_hash'),
    name: text('name'),
    avatarUrl: text('avatar_url'),
    googleId: text('google_id').unique(),
    role: text('role', { enum: ['user', 'admin', 'super_admin'] })
      .notNull()
      .default('user'),
    isActive: boolean('is_active').notNull().default(true),
    lastLoginAt: timestamptz('last_login_at'),
    /** TOTP (RFC 6238) second factor: the shared secret, AES-GCM sealed (two-factor.ts). */
    totpSecret: text('totp_secret'),
    totpEnabledAt: timestamptz('totp_enabled_at'),
    /** The last 30-second step a code was accepted for: a code works once (no replay). */
    totpLastStep: bigint('totp_last_step', { mode: 'number' }),
    /**
     * When a sign-in's second step last succeeded: a challenge issued before it is spent (a
     * challenge opens one session, never a second one with another factor).
     */
    twoFactorPassedAt: timestamptz('two_factor_passed_at'),
    createdAt: createdAt(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
    deletedAt: timestamptz('deleted_at'),
  },
  (table) => [check('users_role_check', sql`${table.role} in ('user', 'admin', 'super_admin')`)],
);
export type UserRow = typeof users.$inferSelect;

/**
 * The account a row belongs to; `cascade` where the row goes with the account (its sessions,
 * links and devices), none where it must outlive it (the account row is anonymised, never deleted).
 */
export const userRef = (name: string, onDelete?: 'cascade') => requiredRef(name, () => users.id, onDelete);

/** A signed-in browser. The cookie holds a random token; only its SHA-256 is stored. */
export const sessions = pgTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    tokenHash: text('token_hash').notNull().unique(),
    userId: userRef('user_id', 'cascade'),
    createdAt: createdAt(),
    lastSeenAt: timestamptz('last_seen_at').notNull().defaultNow(),
    expiresAt: timestamptz('expires_at').notNull(),
    ip: text('ip'),
    userAgent: text('user_agent'),
    /** The team this browser works in; null (or a team the account left) means its personal workspace. */
    workspaceId: text('workspace_id'),
  },
  (table) => [index('sessions_user_id_idx').on(table.userId)],
);

/**
 * A table of mailed single-use links: only the token's SHA-256 is kept, with its account, when it
 * was made, until when it works and when it was used; `extra` holds what the link is for.
 */
function singleUseLinks<Extra extends Record<string, PgColumnBuilderBase>>(name: string, extra: Extra) {
  return pgTable(
    name,
    {
      tokenHash: text('token_hash').primaryKey(),
      userId: userRef('user_id', 'cascade'),
      ...extra,
      createdAt: createdAt(),
      expiresAt: timestamptz('expires_at').notNull(),
      usedAt: timestamptz('used_at'),
    },
    (table) => [index(`${name}_user_id_idx`).on(table.userId)],
  );
}

/** Email verification links: valid 24 hours. */
export const emailVerificationTokens = singleUseLinks('email_verification_tokens', {});

/** Password reset links: valid 1 hour. */
export const passwordResetTokens = singleUseLinks('password_reset_tokens', {});

/** A pending change of address: nothing changes until the link mailed to the new address is used. */
export const emailChangeTokens = singleUseLinks('email_change_tokens', {
  newEmail: text('new_email').notNull(),
  /** SHA-256 of the token in the old address's notice that cancels this change (single use). */
  cancelTokenHash: text('cancel_token_hash').unique(),
});

/** Single-use recovery codes for a lost authenticator, stored as SHA-256 only. */
export const recoveryCodes = pgTable(
  'recovery_codes',
  {
    codeHash: text('code_hash').primaryKey(),
    userId: userRef('user_id', 'cascade'),
    createdAt: createdAt(),
    usedAt: timestamptz('used_at'),
  },
  (table) => [index('recovery_codes_user_id_idx').on(table.userId)],
);

/**
 * Browsers that signed in to an account before (a random id in a long-lived cookie, stored
 * hashed): a sign-in from any other browser mails the owner a "new sign-in" notice.
 */
export const knownDevices = pgTable(
  'known_devices',
  {
    userId: userRef('user_id', 'cascade'),
    deviceHash: text('device_hash').notNull(),
    firstSeenAt: timestamptz('first_seen_at').notNull().defaultNow(),
    lastSeenAt: timestamptz('last_seen_at').notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.deviceHash] })],
);
