import type { WaitlistAnswers } from '@conduit/contracts';
import { sql } from 'drizzle-orm';
import { type AnyPgColumn, bigint, index, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt, requiredRef, timestamptz } from '../../platform/db-columns.ts';

/**
 * One person on the waitlist. `seq` is the join order (the base of the rank); the rank itself is
 * computed from it and the verified referrals (docs/waitlist.md), never stored, so a referral
 * never rewrites other rows. `email_normalized` (lower case, Gmail dots and +tags removed) is
 * unique: one address joins once.
 */
export const waitlistEntries = pgTable(
  'waitlist_entries',
  {
    id: text('id').primaryKey(),
    seq: bigint('seq', { mode: 'number' }).generatedAlwaysAsIdentity().notNull().unique(),
    email: text('email').notNull(),
    emailNormalized: text('email_normalized').notNull().unique(),
    name: text('name').notNull(),
    answers: jsonb('answers').$type<WaitlistAnswers>().notNull(),
    referralCode: text('referral_code').notNull().unique(),
    referredBy: text('referred_by').references((): AnyPgColumn => waitlistEntries.id, {
      onDelete: 'set null',
    }),
    verifiedAt: timestamptz('verified_at'),
    invitedAt: timestamptz('invited_at'),
    ip: text('ip'),
    createdAt: createdAt(),
  },
  (table) => [
    // Counting a referrer's verified referrals is an index range scan.
    index('waitlist_entries_referred_by_idx')
      .on(table.referredBy)
      .where(sql`${table.referredBy} is not null and ${table.verifiedAt} is not null`),
  ],
);
export type WaitlistEntryRow = typeof waitlistEntries.$inferSelect;

/** Waitlist confirmation links: single use, valid 24 hours, stored as SHA-256 of the token. */
export const waitlistVerificationTokens = pgTable(
  'waitlist_verification_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    entryId: requiredRef('entry_id', () => waitlistEntries.id, 'cascade'),
    createdAt: createdAt(),
    expiresAt: timestamptz('expires_at').notNull(),
    usedAt: timestamptz('used_at'),
  },
  (table) => [index('waitlist_verification_tokens_entry_id_idx').on(table.entryId)],
);

/** Contact Sales messages, kept whether or not the mail to sales went out. */
export const salesContacts = pgTable(
  'sales_contacts',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    company: text('company').notNull(),
    message: text('message').notNull(),
    ip: text('ip'),
    createdAt: createdAt(),
  },
  (table) => [index('sales_contacts_created_at_idx').on(table.createdAt)],
);
