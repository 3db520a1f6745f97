import {
  ADMIN_MESSAGES,
  type AuditAction,
  TIER_BY_PLAN,
  type UpdateUserBody,
  type UpdateUserResponse,
} from '@conduit/contracts';
import { eq, sql } from 'drizzle-orm';
import { BadRequest } from '../../platform/errors.ts';
import { type UserRow, users } from '../auth/schema.ts';
import { revokeUserSessions } from '../auth/sessions.ts';
import { type WorkspaceRow, workspaces } from '../auth/workspace-schema.ts';
import type { AdminActor, AdminContext } from './admin-context.ts';
import { loadAdminUser } from './admin-user-view.ts';
import { writeAuditEntry } from './audit-log.ts';
import { editLockedUser } from './lock-target.ts';

const PLAN_FIELDS = [
  'tier',
  'maxApiKeys',
  'rateLimitPerMinute',
  'rateLimitPerHour',
  'rateLimitPerDay',
] as const;
type PlanFields = Pick<WorkspaceRow, (typeof PLAN_FIELDS)[number]>;
/** An account with the plan of its personal workspace (the admin screen edits both as one). */
type Target = Pick<UserRow, 'role' | 'isActive'> & PlanFields;
type Changes = Partial<Target>;

/** The columns the body changes; custom limits belong to Enterprise and go when the tier does. */
function changesOf(target: Target, body: UpdateUserBody): Changes {
  const wanted: Changes = {};
  if (body.role !== undefined) wanted.role = body.role;
  if (body.plan !== undefined) wanted.tier = TIER_BY_PLAN[body.plan];
  if (body.isActive !== undefined) wanted.isActive = body.isActive;
  if (body.maxApiKeys !== undefined) wanted.maxApiKeys = body.maxApiKeys;
  const tier = wanted.tier ?? target.tier;
  if (body.rateLimits) {
    const { perMinute, perHour, perDay } = body.rateLimits;
    const isCustom = perMinute !== null || perHour !== null || perDay !== null;
    if (isCustom && tier !== 'enterprise')
      throw new BadRequest(ADMIN_MESSAGES.customLimitsNeedPremium, 'rateLimits');
    Object.assign(wanted, {
      rateLimitPerMinute: perMinute,
      rateLimitPerHour: perHour,
      rateLimitPerDay: perDay,
    });
  } else if (tier !== 'enterprise') {
    Object.assign(wanted, { rateLimitPerMinute: null, rateLimitPerHour: null, rateLimitPerDay: null });
  }
  const changes: Changes = {};
  for (const [field, value] of Object.entries(wanted) as [keyof Changes, unknown][]) {
    if (target[field] !== value) Object.assign(changes, { [field]: value });
  }
  return changes;
}

function auditActionOf(changes: Changes): AuditAction {
  if (changes.isActive === false) return 'user.deactivated';
  if (changes.isActive === true) return 'user.reactivated';
  return 'user.updated';
}

/**
 * Edit: role, plan (tier), active flag, key maximum, Enterprise limits. Deactivating ends every
 * session of the account in the same transaction; its API keys stop at once because every paid
 * call re-checks `users.is_active` of a personal workspace in its debit statement and status reads look the key up fresh.
 * The change and its audit row commit together; a body that changes nothing writes nothing.
 */
export async function updateUser(
  ctx: Pick<AdminContext, 'db' | 'clock'>,
  actor: AdminActor,
  userId: string,
  body: UpdateUserBody,
): Promise<UpdateUserResponse> {
  return editLockedUser(ctx.db, actor, userId, body, async (tx, user) => {
    const [plan] = await tx.select().from(workspaces).where(eq(workspaces.id, user.id)).for('update');
    if (!plan) throw new Error(`account ${user.id} has no personal workspace`);
    const target: Target & { id: string } = {
      ...plan,
      role: user.role,
      isActive: user.isActive,
      id: user.id,
    };
    const changes = changesOf(target, body);
    const fields = Object.keys(changes) as (keyof Changes)[];
    if (fields.length > 0) {
      const { role, isActive, ...planChanges } = changes;
      await tx.update(users).set({ role, isActive, updatedAt: sql`now()` }).where(eq(users.id, target.id));
      if (Object.keys(planChanges).length > 0) {
        await tx.update(workspaces).set(planChanges).where(eq(workspaces.id, target.id));
      }
      if (changes.isActive === false) await revokeUserSessions(tx, target.id);
      await writeAuditEntry(tx, {
        actorId: actor.userId,
        action: auditActionOf(changes),
        targetUserId: target.id,
        at: ctx.clock.now(),
        details: {
          changes: Object.fromEntries(
            fields.map((field) => [field, { from: target[field], to: changes[field] }]),
          ),
        },
      });
    }
    const updated = await loadAdminUser(tx, target.id);
    if (!updated) throw new Error(`account ${target.id} vanished inside its own transaction`);
    return { user: updated };
  });
}
