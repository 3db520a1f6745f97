import { ADMIN_ROLES, type Role } from '@conduit/contracts';
import { eq, sql } from 'drizzle-orm';
import type { Config } from '../../platform/config.ts';
import type { Db } from '../../platform/database.ts';
import type { Clock } from '../../platform/services.ts';
import { users } from '../auth/schema.ts';
import { createSession } from '../auth/sessions.ts';
import { findUserByEmail } from '../auth/users.ts';
import { writeAuditEntry } from './audit-log.ts';

export interface CommandContext {
  db: Db;
  clock: Clock;
  config: Pick<Config, 'ADMIN_EMAILS'>;
}

export interface CommandResult {
  exitCode: number;
  /** What the command prints: the token alone on stdout for `token`, messages otherwise. */
  stdout?: string;
  stderr?: string;
}

export const ADMIN_USAGE = `Usage: npm run admin -- <command>
  grant <email> [--super]   make the account an admin (--super: a super admin)
  revoke <email>            make an admin a normal user again
  token <email>             print a new session token of an admin, for scripts:
                            curl -H "Authorization: Bearer <token>" <PUBLIC_URL>/api/admin/dashboard`;

const noAccount = (email: string): CommandResult => ({
  exitCode: 1,
  stderr: `No account with the email ${email}: it must sign up (or be invited) first.`,
});

/** Sets the role and writes its audit row (no actor, source 'cli') in one transaction. */
async function setRole(ctx: CommandContext, email: string, role: Role): Promise<CommandResult | Role> {
  return ctx.db.transaction(async (tx) => {
    const user = await findUserByEmail(tx, email);
    if (!user) return noAccount(email);
    if (user.role === role) return user.role;
    await tx.update(users).set({ role, updatedAt: sql`now()` }).where(eq(users.id, user.id));
    await writeAuditEntry(tx, {
      actorId: null,
      action: ADMIN_ROLES.includes(role) ? 'role.granted' : 'role.revoked',
      targetUserId: user.id,
      at: ctx.clock.now(),
      details: { source: 'cli', from: user.role, to: role },
    });
    return user.role;
  });
}

/**
 * The admin command line: the first admin of a fresh install, taking a role back, and a session
 * token for scripts calling the admin API with `Authorization: Bearer`.
 */
export async function runAdminCommand(ctx: CommandContext, args: string[]): Promise<CommandResult> {
  const [command, rawEmail, ...flags] = args;
  const email = rawEmail?.trim().toLowerCase();
  const unknownFlag = flags.find((flag) => !(command === 'grant' && flag === '--super'));
  if (!command || !email || unknownFlag) {
    return { exitCode: 2, stderr: `${unknownFlag ? `Unknown option ${unknownFlag}\n` : ''}${ADMIN_USAGE}` };
  }
  switch (command) {
    case 'grant': {
      const role: Role = flags.includes('--super') ? 'super_admin' : 'admin';
      const before = await setRole(ctx, email, role);
      if (typeof before !== 'string') return before;
      return {
        exitCode: 0,
        stdout: before === role ? `${email} is already ${role}.` : `${email} is now ${role} (was ${before}).`,
      };
    }
    case 'revoke': {
      const before = await setRole(ctx, email, 'user');
      if (typeof before !== 'string') return before;
      if (before === 'user') return { exitCode: 0, stdout: `${email} is not an admin: nothing to revoke.` };
      const note = ctx.config.ADMIN_EMAILS.includes(email)
        ? `\nNote: ${email} is in ADMIN_EMAILS and becomes admin again at its next sign-in; remove it there too.`
        : '';
      return { exitCode: 0, stdout: `${email} is now a normal user (was ${before}).${note}` };
    }
    case 'token': {
      const user = await findUserByEmail(ctx.db, email);
      if (!user) return noAccount(email);
      if (!ADMIN_ROLES.includes(user.role)) {
        return {
          exitCode: 1,
          stderr: `${email} is not an admin: run "npm run admin -- grant ${email}" first.`,
        };
      }
      if (!user.isActive) return { exitCode: 1, stderr: `${email} is deactivated.` };
      const session = await ctx.db.transaction(async (tx) => {
        const created = await createSession(tx, ctx.clock, { userId: user.id, userAgent: 'admin-cli' });
        await writeAuditEntry(tx, {
          actorId: null,
          action: 'session_token.issued',
          targetUserId: user.id,
          at: ctx.clock.now(),
          details: { source: 'cli', sessionId: created.id, expiresAt: created.expiresAt.toISOString() },
        });
        return created;
      });
      return {
        exitCode: 0,
        stdout: session.token,
        stderr: `Session token of ${email}, valid until ${session.expiresAt.toISOString()}. Keep it secret; it signs in as this admin.`,
      };
    }
    default:
      return { exitCode: 2, stderr: `Unknown command ${command}\n${ADMIN_USAGE}` };
  }
}
