import {
  type AdminPlan,
  type AdminUser,
  RATE_LIMITS,
  type Role,
  TIER_BY_PLAN,
  UpdateUserBody,
} from '@conduit/contracts';
import { formatCount } from '../../lib/format.ts';
import { CUSTOM_LIMITS_PLAN } from './admin-labels.ts';

export const LIMIT_WINDOWS = ['perMinute', 'perHour', 'perDay'] as const;
export type LimitWindow = (typeof LIMIT_WINDOWS)[number];
export const LIMIT_LABELS: Record<LimitWindow, string> = {
  perMinute: 'Requests per minute',
  perHour: 'Requests per hour',
  perDay: 'Requests per day',
};

export interface EditValues {
  role: Role;
  plan: AdminPlan;
  isActive: boolean;
  maxApiKeys: string;
  perMinute: string;
  perHour: string;
  perDay: string;
}
export type EditErrors = Partial<Record<'maxApiKeys' | LimitWindow, string>>;

const text = (value: number | null) => (value === null ? '' : String(value));

export const initialValues = (user: AdminUser): EditValues => ({
  role: user.role,
  plan: user.plan,
  isActive: user.isActive,
  maxApiKeys: String(user.maxApiKeys),
  perMinute: text(user.rateLimits.perMinute),
  perHour: text(user.rateLimits.perHour),
  perDay: text(user.rateLimits.perDay),
});

/** The Enterprise tier's defaults, used for a window left empty. */
export const defaultLimit = (window: LimitWindow) => RATE_LIMITS[TIER_BY_PLAN[CUSTOM_LIMITS_PLAN]][window];

const KEYS_RANGE = UpdateUserBody.shape.maxApiKeys.unwrap();
const keysError = `Enter a whole number from ${KEYS_RANGE.minValue ?? 0} to ${formatCount(KEYS_RANGE.maxValue ?? 0)}`;
const limitError = (window: LimitWindow) => {
  const max = UpdateUserBody.shape.rateLimits.unwrap().shape[window].unwrap().maxValue ?? 0;
  return `Enter a whole number from 1 to ${formatCount(max)}, or leave it empty for the default`;
};

/** A number typed in a field: empty is null (the tier default), anything not a whole number is NaN. */
const readNumber = (value: string) => {
  const trimmed = value.trim();
  if (trimmed === '') return null;
  return /^\d+$/.test(trimmed) ? Number(trimmed) : Number.NaN;
};

/**
 * The PATCH body: only what changed, checked by the shared schema. Rate limits are sent only for
 * the plan that has them per account.
 */
export function buildUpdate(
  user: AdminUser,
  values: EditValues,
): { body?: UpdateUserBody; errors: EditErrors } {
  const body: Record<string, unknown> = {};
  const start = initialValues(user);
  if (values.role !== start.role) body.role = values.role;
  if (values.plan !== start.plan) body.plan = values.plan;
  if (values.isActive !== start.isActive) body.isActive = values.isActive;
  if (values.maxApiKeys.trim() !== start.maxApiKeys)
    body.maxApiKeys = readNumber(values.maxApiKeys) ?? Number.NaN;
  if (
    values.plan === CUSTOM_LIMITS_PLAN &&
    LIMIT_WINDOWS.some((window) => values[window].trim() !== start[window])
  ) {
    body.rateLimits = Object.fromEntries(LIMIT_WINDOWS.map((window) => [window, readNumber(values[window])]));
  }
  const parsed = UpdateUserBody.safeParse(body);
  if (parsed.success) return { body: parsed.data, errors: {} };
  const errors: EditErrors = {};
  for (const issue of parsed.error.issues) {
    const [field, window] = issue.path;
    if (field === 'maxApiKeys') errors.maxApiKeys = keysError;
    if (field === 'rateLimits' && typeof window === 'string') {
      errors[window as LimitWindow] = limitError(window as LimitWindow);
    }
  }
  return { errors };
}

export const isDirty = (user: AdminUser, values: EditValues) => {
  const start = initialValues(user);
  return (Object.keys(start) as (keyof EditValues)[]).some(
    (name) => String(values[name]).trim() !== String(start[name]),
  );
};
