import { type CreateKeyBody, KEY_TEXTS, SERVICES, type SpendPeriod } from '@conduit/contracts';
import { ValidationFailed } from '../../platform/errors.ts';
import { parseIpRange } from '../../platform/ip-ranges.ts';
import type { ApiKeyRow } from './schema.ts';

/** The columns a key's controls are stored in. */
export type KeyControlColumns = Partial<
  Pick<
    ApiKeyRow,
    | 'permissions'
    | 'spendLimitCredits'
    | 'spendLimitPeriod'
    | 'rateLimitPerMinute'
    | 'ipAllowlist'
    | 'expiresAt'
  >
>;

/**
 * A create or edit body's controls as column values, checked (400 naming the field, nothing
 * written): at least one service, a per-minute limit within the workspace's own, addresses and
 * CIDR ranges that parse (kept normalised, without repeats), an expiry in the future. A field left
 * out keeps `current` (or the default on create); null clears a control.
 */
export function keyControlColumns(
  input: CreateKeyBody,
  context: { current?: ApiKeyRow; workspacePerMinute: number; now: Date },
): KeyControlColumns {
  const columns: KeyControlColumns = {};
  if (input.permissions !== undefined || !context.current) {
    const before = new Set(context.current?.permissions ?? SERVICES);
    const granted = SERVICES.filter((service) => input.permissions?.[service] ?? before.has(service));
    if (granted.length === 0) throw new ValidationFailed(KEY_TEXTS.noService, 'permissions');
    columns.permissions = granted;
  }
  if (input.spendLimit !== undefined) {
    columns.spendLimitCredits = input.spendLimit?.credits ?? null;
    columns.spendLimitPeriod = (input.spendLimit?.period ?? null) as SpendPeriod | null;
  }
  if (input.rateLimitPerMinute !== undefined) {
    if (input.rateLimitPerMinute !== null && input.rateLimitPerMinute > context.workspacePerMinute) {
      throw new ValidationFailed(
        `Rate limit must be at most ${context.workspacePerMinute} requests per minute, the workspace's own limit`,
        'rateLimitPerMinute',
      );
    }
    columns.rateLimitPerMinute = input.rateLimitPerMinute;
  }
  if (input.ipAllowlist !== undefined) {
    columns.ipAllowlist = input.ipAllowlist === null ? null : parseAllowlist(input.ipAllowlist);
  }
  if (input.expiresAt !== undefined) {
    const expiresAt = input.expiresAt === null ? null : new Date(input.expiresAt);
    if (expiresAt && expiresAt <= context.now)
      throw new ValidationFailed(KEY_TEXTS.expiryInPast, 'expiresAt');
    columns.expiresAt = expiresAt;
  }
  return columns;
}

function parseAllowlist(entries: readonly string[]): string[] {
  const ranges = entries.map((entry) => {
    const range = parseIpRange(entry);
    if (!range) throw new ValidationFailed(`"${entry}" is not an IP address or CIDR range`, 'ipAllowlist');
    return range;
  });
  return [...new Set(ranges)];
}

/** Whether an edit changes the budget's amount or period, so its spent total must be counted again. */
export const changesBudget = (columns: KeyControlColumns, current: ApiKeyRow | undefined) =>
  columns.spendLimitPeriod !== undefined &&
  columns.spendLimitPeriod !== null &&
  columns.spendLimitPeriod !== current?.spendLimitPeriod;
