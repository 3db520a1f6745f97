import {
  budgetAt,
  ERROR_CODES,
  KEY_EXPIRED_MESSAGE,
  keyIpMessage,
  keyScopeMessage,
  keySpendLimitMessage,
  SERVICES,
  type Service,
  type SpendPeriod,
  spendPeriodEnd,
} from '@conduit/contracts';
import { AppError, Forbidden, Unauthorized } from '../../platform/errors.ts';
import { ipInRanges, plainIp } from '../../platform/ip-ranges.ts';
import { INVALID_KEY_MESSAGE, type KeyIdentity } from './authenticate-key.ts';

/** 402 KEY_SPEND_LIMIT: the key's budget for the period has no room for the call. */
export class KeySpendLimitReached extends AppError {
  constructor(limit: number, spent: number, period: SpendPeriod, now = new Date()) {
    super(ERROR_CODES.KEY_SPEND_LIMIT, keySpendLimitMessage(limit, spent, period), {
      details: { limit, spent, period, resetsAt: spendPeriodEnd(period, now)?.toISOString() ?? null },
    });
  }
}

/**
 * The debit statement found the key unusable (key-rules-sql.ts) although the identity the call
 * was admitted with allowed it: the key changed meanwhile. The gateway re-reads the key to answer
 * with the exact reason; answered as it is, it is the plain invalid-key 401.
 */
export class KeyRefused extends Unauthorized {
  constructor() {
    super(INVALID_KEY_MESSAGE);
  }
}

/**
 * The key's own controls, checked on every call before the body is read (and again inside the
 * debit): expiry (401 KEY_EXPIRED), a rolled secret past its grace (401), the IP allow-list (403
 * KEY_IP_NOT_ALLOWED) and, for a paid call, the service (403 KEY_SCOPE).
 */
export function assertKeyControls(identity: KeyIdentity, service: Service | null, ip: string, now: Date) {
  if (identity.expiresAt && identity.expiresAt <= now) {
    throw new Unauthorized(KEY_EXPIRED_MESSAGE, ERROR_CODES.KEY_EXPIRED);
  }
  if (identity.validUntil && identity.validUntil <= now) throw new Unauthorized(INVALID_KEY_MESSAGE);
  if (identity.ipAllowlist && !ipInRanges(ip, identity.ipAllowlist)) {
    throw new Forbidden(keyIpMessage(plainIp(ip)), ERROR_CODES.KEY_IP_NOT_ALLOWED);
  }
  if (service && !identity.permissions.has(service)) {
    throw new Forbidden(keyScopeMessage(service), ERROR_CODES.KEY_SCOPE);
  }
}

/** The key's controls as `GET /api/provider/me` answers them. */
export function keyControlsOf(identity: KeyIdentity, now: Date) {
  const { budget } = identity;
  return {
    permissions: SERVICES.filter((service) => identity.permissions.has(service)),
    spendLimit: budget && { credits: budget.credits, period: budget.period },
    ...budgetAt(
      budget && { period: budget.period, spentCredits: budget.spent, spentPeriod: budget.spentPeriod },
      now,
    ),
    rateLimitPerMinute: identity.keyRateLimitPerMinute,
    expiresAt: identity.expiresAt?.toISOString() ?? null,
  };
}

/**
 * A key's permissions cover what it may read and cancel as well as call: another service's task
 * (its status, its result URLs, its cancel) is refused as the call would be (403 KEY_SCOPE).
 */
export function assertKeyCovers(identity: Pick<KeyIdentity, 'permissions'>, service: string) {
  if (!identity.permissions.has(service)) {
    throw new Forbidden(keyScopeMessage(service as Service), ERROR_CODES.KEY_SCOPE);
  }
}

/** A key allowed every service: only such a key reads what concerns all of them (the signing secret). */
export const coversEveryService = (identity: Pick<KeyIdentity, 'permissions'>) =>
  SERVICES.every((service) => identity.permissions.has(service));
