import type {
  AdminWaitlistEntry,
  AdminWaitlistInviteResponse,
  AdminWaitlistResponse,
} from '@conduit/contracts';
import { inArray, sql } from 'drizzle-orm';
import { listRankedEntries, nextToInvite, type RankedEntry, standingFigures } from './rank.ts';
import { waitlistEntries } from './schema.ts';
import type { WaitlistContext } from './waitlist-context.ts';
import { sendInvitationMail } from './waitlist-mail.ts';

// Serialises invitations: two admins inviting at once get distinct people (docs/waitlist.md).
const INVITE_LOCK_ID = 7_233_107;

export function toAdminEntry(entry: RankedEntry): AdminWaitlistEntry {
  const figures = standingFigures(entry);
  return {
    id: entry.id,
    position: entry.position,
    email: entry.email,
    name: entry.name,
    answers: entry.answers,
    score: figures.score,
    priority: figures.priority,
    referrals: entry.referrals,
    referralCode: entry.referralCode,
    referredBy: entry.referredBy,
    verified: figures.verified,
    invitedAt: entry.invitedAt?.toISOString() ?? null,
    createdAt: entry.createdAt.toISOString(),
  };
}

export async function listWaitlist(
  ctx: Pick<WaitlistContext, 'db'>,
  limit: number,
  offset: number,
): Promise<AdminWaitlistResponse> {
  const [entries, counts] = await Promise.all([
    listRankedEntries(ctx.db, limit, offset),
    ctx.db
      .select({
        total: sql<number>`count(*)::int`,
        verified: sql<number>`count(${waitlistEntries.verifiedAt})::int`,
        invited: sql<number>`count(${waitlistEntries.invitedAt})::int`,
      })
      .from(waitlistEntries),
  ]);
  const { total = 0, verified = 0, invited = 0 } = counts[0] ?? {};
  return { entries: entries.map(toAdminEntry), total, verified, invited };
}

/**
 * Invites the next `count` confirmed entries by rank: marks them invited in one transaction
 * holding an advisory lock (so a concurrent invite waits and then sees them as taken), then mails
 * each one. A failed mail is logged; the entry stays invited and can be mailed again by hand.
 */
export async function inviteNext(ctx: WaitlistContext, count: number): Promise<AdminWaitlistInviteResponse> {
  const now = ctx.clock.now();
  const invited = await ctx.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${INVITE_LOCK_ID})`);
    const next = await nextToInvite(tx, count);
    if (next.length === 0) return [];
    await tx
      .update(waitlistEntries)
      .set({ invitedAt: now })
      .where(
        inArray(
          waitlistEntries.id,
          next.map((entry) => entry.id),
        ),
      );
    return next;
  });
  for (const entry of invited) {
    await sendInvitationMail(ctx, entry).catch((error) =>
      ctx.log.error({ err: error, entryId: entry.id }, 'waitlist invitation mail failed'),
    );
  }
  return { invited: invited.map(({ id, email, position }) => ({ id, email, position })) };
}

const CSV_COLUMNS = [
  'position',
  'email',
  'name',
  'score',
  'priority',
  'referrals',
  'verified',
  'invitedAt',
  'createdAt',
  'referralCode',
] as const;

/** Quotes a CSV cell, and defuses cells a spreadsheet would run as a formula. */
function csvCell(value: unknown): string {
  let text = value === null || value === undefined ? '' : String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\n\r]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** Every entry by rank, with the configured answers as extra columns. */
export async function exportWaitlistCsv(ctx: Pick<WaitlistContext, 'db'>, answerIds: readonly string[]) {
  const entries = await listRankedEntries(ctx.db, 10_000_000, 0);
  const header = [...CSV_COLUMNS, ...answerIds.map((id) => `answer:${id}`)];
  const lines = entries.map((entry) => {
    const row = toAdminEntry(entry);
    return [...CSV_COLUMNS.map((column) => row[column]), ...answerIds.map((id) => entry.answers[id])]
      .map(csvCell)
      .join(',');
  });
  return `${[header.join(','), ...lines].join('\r\n')}\r\n`;
}
