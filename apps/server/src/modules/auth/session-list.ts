import { type AccountSession, ACCOUNT_SECURITY_TEXTS as T } from '@conduit/contracts';
import { and, desc, eq, gt } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/database.ts';
import { NotFound } from '../../platform/errors.ts';
import { notifySessionsChanged } from '../../platform/events-channel.ts';
import type { Clock } from '../../platform/services.ts';
import { sessions } from './schema.ts';
import type { ActiveSession } from './sessions.ts';
import { describeUserAgent } from './user-agent.ts';

/** The account's live sessions: the caller's own first (marked), then the others by newest use. */
export async function listSessions(
  db: DbOrTx,
  clock: Clock,
  current: ActiveSession,
): Promise<AccountSession[]> {
  const rows = await db
    .select()
    .from(sessions)
    .where(and(eq(sessions.userId, current.user.id), gt(sessions.expiresAt, clock.now())))
    .orderBy(desc(sessions.lastSeenAt));
  const ordered = [
    ...rows.filter((row) => row.id === current.sessionId),
    ...rows.filter((row) => row.id !== current.sessionId),
  ];
  return ordered.map((row) => ({
    id: row.id,
    ...describeUserAgent(row.userAgent),
    ip: row.ip,
    createdAt: row.createdAt.toISOString(),
    lastSeenAt: row.lastSeenAt.toISOString(),
    isCurrent: row.id === current.sessionId,
  }));
}

/**
 * Ends one session of the caller's account; another account's session id is a 404. Its open
 * event streams end at once in every process (NOTIFY, as every other revocation).
 */
export async function revokeOwnSession(db: DbOrTx, current: ActiveSession, sessionId: string) {
  const deleted = await db
    .delete(sessions)
    .where(and(eq(sessions.id, sessionId), eq(sessions.userId, current.user.id)))
    .returning({ id: sessions.id });
  if (deleted.length === 0) throw new NotFound(T.sessionNotFound);
  await notifySessionsChanged(db, current.user.id);
  return { message: T.sessionSignedOut, isCurrent: sessionId === current.sessionId };
}
