import { type AdminUser, PLAN_BY_TIER } from '@conduit/contracts';
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/database.ts';
import { users } from '../auth/schema.ts';
import { workspaces } from '../auth/workspace-schema.ts';
import { creditAccounts } from '../credits/schema.ts';

/** The columns of an account the admin screen shows, as raw SQL selects them (list-users.ts). */
export interface AdminUserRow {
  id: string;
  email: string;
  name: string | null;
  tier: AdminUser['tier'];
  role: AdminUser['role'];
  is_active: boolean;
  email_verified_at: Date | null;
  last_login_at: Date | null;
  created_at: Date;
  balance: number;
  max_api_keys: number;
  rate_limit_per_minute: number | null;
  rate_limit_per_hour: number | null;
  rate_limit_per_day: number | null;
}

export const toAdminUser = (row: AdminUserRow): AdminUser => ({
  _id: row.id,
  email: row.email,
  name: row.name,
  plan: PLAN_BY_TIER[row.tier],
  tier: row.tier,
  role: row.role,
  isActive: row.is_active,
  emailVerified: row.email_verified_at !== null,
  lastLogin: row.last_login_at?.toISOString() ?? null,
  createdAt: row.created_at.toISOString(),
  balance: row.balance,
  maxApiKeys: row.max_api_keys,
  rateLimits: {
    perMinute: row.rate_limit_per_minute,
    perHour: row.rate_limit_per_hour,
    perDay: row.rate_limit_per_day,
  },
});

/** One account as the admin screen shows it (deleted accounts included: callers decide). */
export async function loadAdminUser(db: DbOrTx, userId: string): Promise<AdminUser | undefined> {
  const [row] = await db
    .select({ user: users, plan: workspaces, balance: creditAccounts.balance })
    .from(users)
    .innerJoin(workspaces, eq(workspaces.id, users.id))
    .leftJoin(creditAccounts, eq(creditAccounts.workspaceId, users.id))
    .where(eq(users.id, userId));
  if (!row) return undefined;
  const { user, plan } = row;
  return toAdminUser({
    id: user.id,
    email: user.email,
    name: user.name,
    tier: plan.tier,
    role: user.role,
    is_active: user.isActive,
    email_verified_at: user.emailVerifiedAt,
    last_login_at: user.lastLoginAt,
    created_at: user.createdAt,
    balance: row.balance ?? 0,
    max_api_keys: plan.maxApiKeys,
    rate_limit_per_minute: plan.rateLimitPerMinute,
    rate_limit_per_hour: plan.rateLimitPerHour,
    rate_limit_per_day: plan.rateLimitPerDay,
  });
}
