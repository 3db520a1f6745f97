import { roleAllows } from '@conduit/contracts';
import { and, eq, gt, inArray, isNull, ne, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../platform/database.ts';
import { notifySessionsChanged } from '../../platform/events-channel.ts';
import { newId } from '../../platform/ids.ts';
import type { Clock } from '../../platform/services.ts';
import { newToken, sha256Hex } from '../../platform/tokens.ts';
import { sessions, type UserRow, users } from './schema.ts';
import { toWorkspaceAccess, type WorkspaceAccess } from './workspace-access.ts';
import { workspaceMembers, workspaces } from './workspace-schema.ts';

export const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;
/** A session in use is extended at most this often, so reads do not each cost a write. */
const SESSION_RENEW_AFTER_MS = 24 * 60 * 60 * 1000;
/** "Last seen" in the sessions list is this precise: at most one write per session per 5 minutes. */
const SESSION_SEEN_EVERY_MS = 5 * 60 * 1000;

export interface SessionInfo {
  id: string;
  token: string;
  expiresAt: Date;
}

export async function createSession(
  db: DbOrTx,
  clock: Clock,
  input: { userId: string; ip?: string; userAgent?: string },
): Promise<SessionInfo> {
  const token = newToken();
  const now = clock.now();
  const expiresAt = new Date(now.getTime() + SESSION_TTL_MS);
  const id = newId('ses');
  await db.insert(sessions).values({
    id,
    tokenHash: sha256Hex(token),
    userId: input.userId,
    createdAt: now,
    lastSeenAt: now,
    expiresAt,
    ip: input.ip,
    userAgent: input.userAgent?.slice(0, 400),
  });
  return { id, token, expiresAt };
}

export interface ActiveSession {
  sessionId: string;
  /** When this browser signed in (re-authentication windows count from it). */
  signedInAt: Date;
  user: UserRow;
  /** The workspace this browser works in: the chosen team while the account is a member, else personal. */
  workspace: WorkspaceAccess;
}

const team = alias(workspaces, 'team');
const personal = alias(workspaces, 'personal');

/**
 * The sessions `which` picks that still work (unexpired, their account active and not deleted),
 * with what decides their workspace: the chosen team while the account is a member of it and it
 * is not deleted, else the personal workspace.
 */
const liveSessions = (db: DbOrTx, now: Date, which: SQL) =>
  db
    .select({ session: sessions, user: users, personal, team, role: workspaceMembers.role })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .innerJoin(personal, eq(personal.id, users.id))
    .leftJoin(
      workspaceMembers,
      and(eq(workspaceMembers.workspaceId, sessions.workspaceId), eq(workspaceMembers.userId, users.id)),
    )
    .leftJoin(team, and(eq(team.id, workspaceMembers.workspaceId), isNull(team.deletedAt)))
    .where(and(which, gt(sessions.expiresAt, now), eq(users.isActive, true), isNull(users.deletedAt)));

type LiveSessionRow = Awaited<ReturnType<typeof liveSessions>>[number];

const workspaceOf = (row: LiveSessionRow) =>
  row.team && row.role ? toWorkspaceAccess(row.team, row.role) : toWorkspaceAccess(row.personal, 'owner');

/** The live session behind a cookie token: unexpired, and its account active and not deleted. */
export async function findActiveSession(
  db: DbOrTx,
  clock: Clock,
  token: string,
): Promise<ActiveSession | null> {
  const now = clock.now();
  const [row] = await liveSessions(db, now, eq(sessions.tokenHash, sha256Hex(token)));
  if (!row) return null;
  const sinceSeenMs = now.getTime() - row.session.lastSeenAt.getTime();
  if (sinceSeenMs > SESSION_SEEN_EVERY_MS) {
    const isRenewed =
      now.getTime() - (row.session.expiresAt.getTime() - SESSION_TTL_MS) > SESSION_RENEW_AFTER_MS;
    await db
      .update(sessions)
      .set({ lastSeenAt: now, ...(isRenewed && { expiresAt: new Date(now.getTime() + SESSION_TTL_MS) }) })
      .where(eq(sessions.id, row.session.id));
  }
  return {
    sessionId: row.session.id,
    signedInAt: row.session.createdAt,
    user: row.user,
    workspace: workspaceOf(row),
  };
}

/**
 * The workspace whose task events each of these sessions may follow now, by session id; a
 * session that no longer works (signed out, expired, its account deactivated or deleted), or
 * whose role there no longer sees calls (demoted to billing), is missing.
 */
export async function liveSessionWorkspaces(
  db: DbOrTx,
  clock: Clock,
  sessionIds: string[],
): Promise<Map<string, string>> {
  const rows = await liveSessions(db, clock.now(), inArray(sessions.id, sessionIds));
  const following = new Map<string, string>();
  for (const row of rows) {
    const workspace = workspaceOf(row);
    if (roleAllows(workspace.role, 'useCalls')) following.set(row.session.id, workspace.id);
  }
  return following;
}

/** Revoking a session also ends the live event streams opened with it, in every process. */
export async function revokeSessionByToken(db: DbOrTx, token: string): Promise<void> {
  const revoked = await db
    .delete(sessions)
    .where(eq(sessions.tokenHash, sha256Hex(token)))
    .returning({ userId: sessions.userId });
  for (const { userId } of revoked) await notifySessionsChanged(db, userId);
}

/** Ends every session of an account, or every one but the caller's own. */
export async function revokeUserSessions(db: DbOrTx, userId: string, exceptSessionId?: string) {
  await db
    .delete(sessions)
    .where(
      exceptSessionId
        ? and(eq(sessions.userId, userId), ne(sessions.id, exceptSessionId))
        : eq(sessions.userId, userId),
    );
  await notifySessionsChanged(db, userId);
}
