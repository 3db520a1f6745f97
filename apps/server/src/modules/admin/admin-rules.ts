import { ADMIN_MESSAGES, ADMIN_ROLES, type Role, type UpdateUserBody } from '@conduit/contracts';
import { Forbidden } from '../../platform/errors.ts';
import type { UserRow } from '../auth/schema.ts';
import type { AdminActor } from './admin-context.ts';

const isAdminRole = (role: Role) => ADMIN_ROLES.includes(role);

/** Admin roles are handed out by super admins only (the command line can make the first one). */
export function assertMayGrantRole(actor: AdminActor, role: Role) {
  if (isAdminRole(role) && actor.role !== 'super_admin')
    throw new Forbidden(ADMIN_MESSAGES.superAdminToGrantAdmin);
}

/**
 * Who may change an account: an admin can never take away their own role or switch their own
 * account off (the last admin would lock everyone out); another admin's account is a super
 * admin's to change.
 */
export function assertMayEdit(actor: AdminActor, target: UserRow, change: UpdateUserBody = {}) {
  if (target.id === actor.userId) {
    if (change.role !== undefined && change.role !== target.role) {
      throw new Forbidden(ADMIN_MESSAGES.cannotChangeOwnRole);
    }
    if (change.isActive === false) throw new Forbidden(ADMIN_MESSAGES.cannotDeactivateSelf);
  } else if (isAdminRole(target.role) && actor.role !== 'super_admin') {
    throw new Forbidden(ADMIN_MESSAGES.superAdminToEditAdmin);
  }
  if (change.role !== undefined && change.role !== target.role) assertMayGrantRole(actor, change.role);
}
