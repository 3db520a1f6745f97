import {
  ADMIN_MESSAGES,
  type InviteUserBody,
  type InviteUserResponse,
  PRODUCT_NAME,
} from '@conduit/contracts';
import { eq, sql } from 'drizzle-orm';
import { Conflict } from '../../platform/errors.ts';
import type { UserRow } from '../auth/schema.ts';
import { users } from '../auth/schema.ts';
import { findUserByEmail, insertUser } from '../auth/users.ts';
import { issueVerificationToken, verificationLink } from '../auth/verification-mail.ts';
import { openCreditAccount } from '../credits/ledger.ts';
import type { AdminActor, AdminContext } from './admin-context.ts';
import { assertMayEdit, assertMayGrantRole } from './admin-rules.ts';
import { loadAdminUser } from './admin-user-view.ts';
import { writeAuditEntry } from './audit-log.ts';

/** An invitation nobody accepted yet: never verified, no password, no Google link, not switched off. */
const isPendingInvitation = (user: UserRow) =>
  user.emailVerifiedAt === null && user.passwordHash === null && user.googleId === null && user.isActive;

/**
 * Add User: creates the account unverified and without a password, and mails a link to accept.
 * The link is an email verification link (the same single-use, 24-hour tokens): opening it
 * proves the address, grants the free credits and signs the browser in, and the mail tells the
 * user to set a password under Settings (or to use Google with that address). Inviting an
 * address whose invitation is still pending sends a fresh link; any other existing account is a 409.
 */
export async function inviteUser(
  ctx: Pick<AdminContext, 'db' | 'clock' | 'config' | 'log' | 'mailer'>,
  actor: AdminActor,
  body: InviteUserBody,
): Promise<InviteUserResponse> {
  assertMayGrantRole(actor, body.role);
  const invited = await ctx.db.transaction(async (tx) => {
    const now = ctx.clock.now();
    const existing = await findUserByEmail(tx, body.email);
    if (existing && !isPendingInvitation(existing)) throw new Conflict(ADMIN_MESSAGES.userExists);
    if (existing) assertMayEdit(actor, existing, { role: body.role });
    let user = existing;
    if (!user) {
      user = await insertUser(tx, { email: body.email });
      // A concurrent sign-up or invitation took the address between the look and the insert.
      if (!user) throw new Conflict(ADMIN_MESSAGES.userExists);
      await openCreditAccount(tx, user.id);
    }
    if (user.role !== body.role) {
      await tx.update(users).set({ role: body.role, updatedAt: sql`now()` }).where(eq(users.id, user.id));
    }
    const token = await issueVerificationToken(tx, ctx.clock, user.id);
    await writeAuditEntry(tx, {
      actorId: actor.userId,
      action: existing ? 'user.reinvited' : 'user.invited',
      targetUserId: user.id,
      at: now,
      details: { email: user.email, role: body.role },
    });
    return { userId: user.id, email: user.email, token };
  });

  let emailSent = true;
  try {
    await sendInvitationMail(ctx, invited.email, invited.token);
  } catch (error) {
    emailSent = false;
    ctx.log.error({ err: error, userId: invited.userId }, 'invitation mail failed');
  }
  const user = await loadAdminUser(ctx.db, invited.userId);
  if (!user) throw new Error(`invited account ${invited.userId} not found`);
  return { user, emailSent };
}

async function sendInvitationMail(
  ctx: Pick<AdminContext, 'config' | 'mailer'>,
  email: string,
  token: string,
) {
  await ctx.mailer.send({
    to: email,
    subject: `You are invited to ${PRODUCT_NAME}`,
    heading: `Join ${PRODUCT_NAME}`,
    paragraphs: [
      `An administrator created a ${PRODUCT_NAME} account for this address. Accept the invitation to confirm the address and sign in; your free credits are added at once.`,
      'Then choose a password under Settings, or sign in with Google using this address.',
    ],
    action: { label: 'Accept invitation', url: verificationLink(ctx.config.PUBLIC_URL, token) },
    footnote: 'This link is valid for 24 hours and works once. If you did not expect this mail, ignore it.',
  });
}
