import { randomBytes } from 'node:crypto';
import { PRODUCT_NAME, RECOVERY_CODE_COUNT } from '@conduit/contracts';
import { and, eq, isNull, lt, or } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import type { DbOrTx } from '../../platform/database.ts';
import { deriveSealKey, seal, unseal } from '../../platform/sealed-box.ts';
import { sha256Hex } from '../../platform/tokens.ts';
import { recoveryCodes, type UserRow, users } from './schema.ts';

const PERIOD_S = 30;
/** One step either side: a phone clock 30 s off still works (RFC 6238 section 5.2). */
const WINDOW_STEPS = 1;

export const totpSealKey = (sessionSecret: string) => deriveSealKey(sessionSecret, 'totp-secret-v1');

const totpFor = (email: string, secret: Secret) =>
  new TOTP({ issuer: PRODUCT_NAME, label: email, algorithm: 'SHA1', digits: 6, period: PERIOD_S, secret });

/** A new 160-bit shared secret: the sealed value to store and the otpauth URL the app scans. */
export function newTotpSecret(sealKey: Buffer, email: string) {
  const secret = new Secret({ size: 20 });
  return {
    sealed: seal(sealKey, secret.base32),
    base32: secret.base32,
    otpauthUrl: totpFor(email, secret).toString(),
  };
}

/** The 30-second step a 6-digit code belongs to, or null when it matches none in the window. */
export function matchTotpStep(sealKey: Buffer, user: UserRow, code: string, now: Date): number | null {
  if (!user.totpSecret || !/^\d{6}$/.test(code)) return null;
  const secret = Secret.fromBase32(unseal(sealKey, user.totpSecret));
  const delta = totpFor(user.email, secret).validate({
    token: code,
    timestamp: now.getTime(),
    window: WINDOW_STEPS,
  });
  return delta === null ? null : Math.floor(now.getTime() / 1000 / PERIOD_S) + delta;
}

/**
 * Accepts a code once: the step is stored with a conditional update, so the same code (or an
 * older one) replayed, even at the same moment, is refused.
 */
export async function useTotpStep(db: DbOrTx, userId: string, step: number): Promise<boolean> {
  const updated = await db
    .update(users)
    .set({ totpLastStep: step })
    .where(and(eq(users.id, userId), or(isNull(users.totpLastStep), lt(users.totpLastStep, step))))
    .returning({ id: users.id });
  return updated.length === 1;
}

const normalizeRecoveryCode = (code: string) => code.toLowerCase().replace(/[^a-z0-9]/g, '');

/** Ten codes like `k3f9-x2m7-qp`, of 50 random bits each; only their hashes are stored. */
export async function replaceRecoveryCodes(db: DbOrTx, userId: string, now: Date): Promise<string[]> {
  const alphabet = 'abcdefghjkmnpqrstuvwxyz23456789';
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const chars = [...randomBytes(10)].map((byte) => alphabet[byte % alphabet.length]).join('');
    return `${chars.slice(0, 4)}-${chars.slice(4, 8)}-${chars.slice(8)}`;
  });
  await db.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
  await db
    .insert(recoveryCodes)
    .values(
      codes.map((code) => ({ codeHash: sha256Hex(normalizeRecoveryCode(code)), userId, createdAt: now })),
    );
  return codes;
}

/** Spends a recovery code (single use, also under concurrency). */
export async function useRecoveryCode(db: DbOrTx, userId: string, code: string, now: Date): Promise<boolean> {
  const normalized = normalizeRecoveryCode(code);
  if (normalized.length < 8) return false;
  const used = await db
    .update(recoveryCodes)
    .set({ usedAt: now })
    .where(
      and(
        eq(recoveryCodes.codeHash, sha256Hex(normalized)),
        eq(recoveryCodes.userId, userId),
        isNull(recoveryCodes.usedAt),
      ),
    )
    .returning({ codeHash: recoveryCodes.codeHash });
  return used.length === 1;
}

export function countRecoveryCodesLeft(db: DbOrTx, userId: string): Promise<number> {
  return db.$count(recoveryCodes, and(eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt)));
}

/** A second factor: a current authenticator code or an unused recovery code. */
export async function checkSecondFactor(
  db: DbOrTx,
  sealKey: Buffer,
  user: UserRow,
  code: string,
  now: Date,
): Promise<boolean> {
  const trimmed = code.replace(/\s/g, '');
  const step = matchTotpStep(sealKey, user, trimmed, now);
  if (step !== null) return useTotpStep(db, user.id, step);
  return useRecoveryCode(db, user.id, trimmed, now);
}
