import {
  answerPoints,
  estimatedWaitOf,
  priorityOf,
  REFERRAL_BOOST_POSITIONS,
  REFERRAL_SCORE_POINTS,
  VERIFIED_SCORE_POINTS,
  type WaitlistAnswers,
} from '@conduit/contracts';
import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/database.ts';

export interface RankedEntry {
  id: string;
  email: string;
  emailNormalized: string;
  name: string;
  answers: WaitlistAnswers;
  referralCode: string;
  referredBy: string | null;
  verifiedAt: Date | null;
  invitedAt: Date | null;
  createdAt: Date;
  basePosition: number;
  referrals: number;
  position: number;
}

/**
 * The rank of every entry, computed (docs/waitlist.md, "Ranking"):
 *   base = place in join order (1 = first to join)
 *   key  = base - 5 * verified referrals
 *   position = row number ordered by key, then more referrals first, then join order.
 * The tie-break by referrals makes one referral move exactly 5 places past people without
 * referrals; row numbers keep the first place at 1 however large the boost.
 * Referral counts use the partial index on referred_by (verified newcomers only).
 */
const rankedEntries = sql`
  with referral_counts as (
    select referred_by as id, count(*)::int as referrals
    from waitlist_entries
    where referred_by is not null and verified_at is not null
    group by referred_by
  ), based as (
    select e.*, row_number() over (order by e.seq)::int as base_position,
           coalesce(rc.referrals, 0) as referrals
    from waitlist_entries e left join referral_counts rc on rc.id = e.id
  )
  select based.*,
         row_number() over (
           order by base_position - ${REFERRAL_BOOST_POSITIONS} * referrals, referrals desc, seq
         )::int as position
  from based`;

interface RankedRow {
  id: string;
  email: string;
  email_normalized: string;
  name: string;
  answers: WaitlistAnswers;
  referral_code: string;
  referred_by: string | null;
  verified_at: string | Date | null;
  invited_at: string | Date | null;
  created_at: string | Date;
  base_position: number;
  referrals: number;
  position: number;
}

const toDate = (value: string | Date | null) => (value === null ? null : new Date(value));

function toRanked(row: RankedRow): RankedEntry {
  return {
    id: row.id,
    email: row.email,
    emailNormalized: row.email_normalized,
    name: row.name,
    answers: row.answers,
    referralCode: row.referral_code,
    referredBy: row.referred_by,
    verifiedAt: toDate(row.verified_at),
    invitedAt: toDate(row.invited_at),
    createdAt: new Date(row.created_at),
    basePosition: Number(row.base_position),
    referrals: Number(row.referrals),
    position: Number(row.position),
  };
}

async function selectRanked(db: DbOrTx, tail: SQL): Promise<RankedEntry[]> {
  const result = await db.execute<RankedRow & Record<string, unknown>>(
    sql`select * from (${rankedEntries}) ranked ${tail}`,
  );
  return result.rows.map(toRanked);
}

export async function findRankedEntry(db: DbOrTx, entryId: string): Promise<RankedEntry | undefined> {
  return (await selectRanked(db, sql`where id = ${entryId}`))[0];
}

export async function listRankedEntries(db: DbOrTx, limit: number, offset: number): Promise<RankedEntry[]> {
  return selectRanked(db, sql`order by position limit ${limit} offset ${offset}`);
}

/** The next `count` confirmed entries not yet invited, best rank first. */
export async function nextToInvite(db: DbOrTx, count: number): Promise<RankedEntry[]> {
  return selectRanked(
    db,
    sql`where verified_at is not null and invited_at is null order by position limit ${count}`,
  );
}

/** Priority score: chosen options' points, 10 for a confirmed address, 10 per verified referral. */
export function scoreOf(entry: Pick<RankedEntry, 'answers' | 'verifiedAt' | 'referrals'>): number {
  return (
    answerPoints(entry.answers) +
    (entry.verifiedAt ? VERIFIED_SCORE_POINTS : 0) +
    REFERRAL_SCORE_POINTS * entry.referrals
  );
}

export function standingFigures(entry: RankedEntry) {
  const score = scoreOf(entry);
  return {
    position: entry.position,
    score,
    priority: priorityOf(score),
    estimatedWait: estimatedWaitOf(entry.position),
    referrals: entry.referrals,
    verified: entry.verifiedAt !== null,
  };
}
