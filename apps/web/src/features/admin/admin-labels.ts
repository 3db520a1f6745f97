import { type AdminPlan, PLAN_BY_TIER, type Role, TIER_BY_PLAN } from '@conduit/contracts';

export const ROLE_LABELS: Record<Role, string> = {
  user: 'User',
  admin: 'Admin',
  super_admin: 'Super admin',
};

const TIER_LABELS = { free: 'Free', pro: 'Pro', enterprise: 'Enterprise' } as const;

/**
 * The admin plan names with the rate-limit tier each stands for
 * (docs/product.md, "Roles and permissions").
 */
export const PLAN_LABELS: Record<AdminPlan, string> = {
  free: `Free (${TIER_LABELS[TIER_BY_PLAN.free]} limits)`,
  basic: `Basic (${TIER_LABELS[TIER_BY_PLAN.basic]} limits)`,
  premium: `Premium (${TIER_LABELS[TIER_BY_PLAN.premium]} limits)`,
};

export const PLAN_SHORT_LABELS: Record<AdminPlan, string> = {
  free: 'Free',
  basic: 'Basic',
  premium: 'Premium',
};

/** The plan whose limits are set per account (Enterprise). */
export const CUSTOM_LIMITS_PLAN: AdminPlan = PLAN_BY_TIER.enterprise;

export const roleOptions = (Object.keys(ROLE_LABELS) as Role[]).map((value) => ({
  value,
  label: ROLE_LABELS[value],
}));
export const planOptions = (Object.keys(PLAN_LABELS) as AdminPlan[]).map((value) => ({
  value,
  label: PLAN_LABELS[value],
}));
