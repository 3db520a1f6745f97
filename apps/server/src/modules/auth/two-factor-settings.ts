import {
  ACCOUNT_SECURITY_TEXTS as T,
  type TwoFactorEnabledResponse,
  type TwoFactorSetupResponse,
  type TwoFactorStatusResponse,
} from '@conduit/contracts';
import { and, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import QRCode from 'qrcode';
import { BadRequest, Conflict, ValidationFailed } from '../../platform/errors.ts';
import type { AuthContext } from './auth-context.ts';
import type { AuthLimits } from './auth-limits.ts';
import { guardAttempt, WrongSecret } from './guard-attempt.ts';
import { assertReauthenticated } from './reauthenticate.ts';
import { recoveryCodes, type UserRow, users } from './schema.ts';
import { mailRecoveryCodesReplaced, mailTwoFactorChanged } from './security-mail.ts';
import type { ActiveSession } from './sessions.ts';
import {
  checkSecondFactor,
  countRecoveryCodesLeft,
  matchTotpStep,
  newTotpSecret,
  replaceRecoveryCodes,
} from './two-factor.ts';
import { findUserById } from './users.ts';

export type TwoFactorContext = AuthContext & { limits: AuthLimits; totpKey: Buffer };

/** The typed code, trimmed; 400 naming the field when there is none. */
export const readCode = (code: string | undefined) => {
  const trimmed = code?.trim() ?? '';
  if (!trimmed) throw new ValidationFailed(T.twoFactorCodeRequired, 'code');
  return trimmed;
};

/**
 * A current authenticator or recovery code of an account with two-factor authentication, checked
 * against its failure budget (the sign-in step and turning it off); a wrong one is a WrongSecret.
 * The sign-in step spends the budget of the browser's device when the account knows it.
 */
export async function assertSecondFactor(
  ctx: TwoFactorContext,
  user: UserRow,
  code: string,
  budgetKey = user.email,
) {
  await guardAttempt(ctx.limits.passwordFailuresPerAccount, budgetKey, async () => {
    if (!(await checkSecondFactor(ctx.db, ctx.totpKey, user, code, ctx.clock.now()))) {
      throw new WrongSecret(T.twoFactorCodeWrong, 'code');
    }
  });
}

export async function twoFactorStatus(
  ctx: AuthContext,
  session: ActiveSession,
): Promise<TwoFactorStatusResponse> {
  const { user } = session;
  return {
    enabled: user.totpEnabledAt !== null,
    enabledAt: user.totpEnabledAt?.toISOString() ?? null,
    recoveryCodesLeft: user.totpEnabledAt ? await countRecoveryCodesLeft(ctx.db, user.id) : 0,
  };
}

/**
 * Step one of enrolment, after re-authentication: a new secret, kept sealed and not yet in force,
 * as a QR code and as text. Starting again replaces a secret that was never confirmed.
 */
export async function startTwoFactorSetup(
  ctx: TwoFactorContext,
  session: ActiveSession,
  password: string | undefined,
): Promise<TwoFactorSetupResponse> {
  if (session.user.totpEnabledAt) throw new Conflict(T.twoFactorAlreadyOn);
  await assertReauthenticated(ctx, session, password, 'password');
  const secret = newTotpSecret(ctx.totpKey, session.user.email);
  const updated = await ctx.db
    .update(users)
    .set({ totpSecret: secret.sealed, totpLastStep: null, updatedAt: sql`now()` })
    .where(and(eq(users.id, session.user.id), isNull(users.totpEnabledAt)))
    .returning({ id: users.id });
  if (updated.length === 0) throw new Conflict(T.twoFactorAlreadyOn);
  const qrCode = `data:image/svg+xml;base64,${Buffer.from(await QRCode.toString(secret.otpauthUrl, { type: 'svg', margin: 1 })).toString('base64')}`;
  return { secret: secret.base32, otpauthUrl: secret.otpauthUrl, qrCode };
}

/** Step two: a code from the app proves it holds the secret; 2FA is on and ten recovery codes are shown once. */
export async function enableTwoFactor(
  ctx: TwoFactorContext,
  session: ActiveSession,
  rawCode: string | undefined,
): Promise<TwoFactorEnabledResponse> {
  const code = readCode(rawCode);
  const user = await findUserById(ctx.db, session.user.id);
  if (!user?.totpSecret) throw new BadRequest(T.twoFactorNotStarted, 'code');
  if (user.totpEnabledAt) throw new Conflict(T.twoFactorAlreadyOn);
  const now = ctx.clock.now();
  const step = await guardAttempt(ctx.limits.passwordFailuresPerAccount, user.email, async () => {
    const matched = matchTotpStep(ctx.totpKey, user, code.replace(/\s/g, ''), now);
    if (matched === null) throw new WrongSecret(T.twoFactorCodeWrong, 'code');
    return matched;
  });
  const codes = await ctx.db.transaction(async (tx) => {
    const enabled = await tx
      .update(users)
      .set({ totpEnabledAt: now, totpLastStep: step, updatedAt: sql`now()` })
      .where(
        and(
          eq(users.id, user.id),
          isNull(users.totpEnabledAt),
          eq(users.totpSecret, user.totpSecret as string),
        ),
      )
      .returning({ id: users.id });
    if (enabled.length === 0) throw new Conflict(T.twoFactorAlreadyOn);
    return replaceRecoveryCodes(tx, user.id, now);
  });
  mailTwoFactorChanged(ctx, user.email, true);
  return { message: T.twoFactorOn, recoveryCodes: codes };
}

/** The signed-in user, whose 2FA is on, once `rawCode` (a current or a recovery code) proves it. */
async function provenTwoFactorUser(
  ctx: TwoFactorContext,
  session: ActiveSession,
  rawCode: string | undefined,
) {
  const code = readCode(rawCode);
  const user = await findUserById(ctx.db, session.user.id);
  if (!user?.totpEnabledAt) throw new BadRequest(T.twoFactorNotOn, 'code');
  await assertSecondFactor(ctx, user, code);
  return user;
}

/** Turning 2FA off takes a current code (or a recovery code), so a stolen session cannot. */
export async function disableTwoFactor(
  ctx: TwoFactorContext,
  session: ActiveSession,
  rawCode: string | undefined,
) {
  const user = await provenTwoFactorUser(ctx, session, rawCode);
  await ctx.db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({ totpSecret: null, totpEnabledAt: null, totpLastStep: null, updatedAt: sql`now()` })
      .where(eq(users.id, user.id));
    await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, user.id));
  });
  mailTwoFactorChanged(ctx, user.email, false);
  return { message: T.twoFactorOff };
}

/**
 * New recovery codes after the same re-authentication turning 2FA off asks for (a current code,
 * spending the account's failure budget): every old code stops working and the new ten replace
 * them in one transaction, which also holds the account row so 2FA cannot be turned off meanwhile.
 * The owner is mailed a notice.
 */
export async function regenerateRecoveryCodes(
  ctx: TwoFactorContext,
  session: ActiveSession,
  rawCode: string | undefined,
): Promise<TwoFactorEnabledResponse> {
  const user = await provenTwoFactorUser(ctx, session, rawCode);
  const codes = await ctx.db.transaction(async (tx) => {
    const held = await tx
      .update(users)
      .set({ updatedAt: sql`now()` })
      .where(and(eq(users.id, user.id), isNotNull(users.totpEnabledAt)))
      .returning({ id: users.id });
    if (held.length === 0) throw new BadRequest(T.twoFactorNotOn, 'code');
    return replaceRecoveryCodes(tx, user.id, ctx.clock.now());
  });
  mailRecoveryCodesReplaced(ctx, user.email);
  return { message: T.recoveryCodesReplaced, recoveryCodes: codes };
}
