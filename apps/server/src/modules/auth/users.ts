import { type AuthUser, DEFAULT_MAX_API_KEYS } from '@conduit/contracts';
import { and, eq, isNull, type SQL, sql } from 'drizzle-orm';
import type { Config } from '../../platform/config.ts';
import type { DbOrTx } from '../../platform/database.ts';
import { newId } from '../../platform/ids.ts';
import { type UserRow, users } from './schema.ts';
import { toWorkspaceAccess, type WorkspaceAccess } from './workspace-access.ts';
import { workspaces } from './workspace-schema.ts';

/** The account that matches, unless it was deleted. */
async function findLiveUser(db: DbOrTx, match: SQL): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(and(match, isNull(users.deletedAt)));
  return row;
}

export const findUserByEmail = (db: DbOrTx, email: string) => findLiveUser(db, eq(users.email, email));

export const findUserById = (db: DbOrTx, id: string) => findLiveUser(db, eq(users.id, id));

export interface NewUser {
  email: string;
  passwordHash?: string;
  googleId?: string;
  name?: string | null;
  avatarUrl?: string | null;
  emailVerifiedAt?: Date;
}

/** The plan a new workspace starts with. */
export const NEW_WORKSPACE_PLAN = { tier: 'free', maxApiKeys: DEFAULT_MAX_API_KEYS } as const;

/**
 * Inserts an account, with its personal workspace (same id), unless the address (or Google id) is
 * taken; undefined means it was. Run it in the caller's transaction.
 */
export async function insertUser(db: DbOrTx, input: NewUser): Promise<UserRow | undefined> {
  const [row] = await db
    .insert(users)
    .values({ id: newId('usr'), ...input })
    .onConflictDoNothing()
    .returning();
  if (row) {
    await db
      .insert(workspaces)
      .values({ id: row.id, kind: 'personal', ...NEW_WORKSPACE_PLAN, createdBy: row.id });
  }
  return row;
}

/** The plan of an account's personal workspace (what a fresh sign-in works in). */
export async function personalWorkspace(db: DbOrTx, userId: string): Promise<WorkspaceAccess> {
  const [row] = await db.select().from(workspaces).where(eq(workspaces.id, userId));
  if (!row) throw new Error(`No personal workspace for ${userId}`);
  return toWorkspaceAccess(row, 'owner');
}

/**
 * ADMIN_EMAILS accounts become admins when they sign in, but only once the owner of the address
 * has proven it and holds the way in (a password set or proven after the address was, or
 * Google): an account somebody else registered for the address never gets the role. A role set
 * by hand is never lowered.
 */
export async function promoteConfiguredAdmin(
  db: DbOrTx,
  config: Pick<Config, 'ADMIN_EMAILS'>,
  user: UserRow,
): Promise<UserRow> {
  if (user.role !== 'user' || !config.ADMIN_EMAILS.includes(user.email)) return user;
  if (!user.emailVerifiedAt || (user.passwordHash === null && user.googleId === null)) return user;
  const [row] = await db
    .update(users)
    .set({ role: 'admin', updatedAt: sql`now()` })
    .where(eq(users.id, user.id))
    .returning();
  return row ?? user;
}

/** The account as the app sees it; `apiProvider` is the plan of the workspace in use. */
export function toAuthUser(user: UserRow, workspace: Pick<WorkspaceAccess, 'tier' | 'maxApiKeys'>): AuthUser {
  return {
    _id: user.id,
    email: user.email,
    emailVerified: user.emailVerifiedAt !== null,
    name: user.name,
    avatar: user.avatarUrl,
    role: user.role,
    hasPassword: user.passwordHash !== null,
    hasGoogle: user.googleId !== null,
    hasTwoFactor: user.totpEnabledAt !== null,
    apiProvider: { maxApiKeys: workspace.maxApiKeys, tier: workspace.tier },
    createdAt: user.createdAt.toISOString(),
  };
}

/** PostgreSQL's unique_violation, also when Drizzle wraps the driver's error (as its `cause`). */
export const isUniqueViolation = (error: unknown): boolean =>
  typeof error === 'object' &&
  error !== null &&
  ((error as { code?: string }).code === '23505' || isUniqueViolation((error as { cause?: unknown }).cause));
