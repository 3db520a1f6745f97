import { z } from 'zod';
import { APP_PATHS } from './app-paths.ts';
import { defineAppRoute } from './app-routes.ts';
import { MessageResponse } from './auth.ts';
import { SERVICE_LABELS, SERVICES, type Service } from './services.ts';
import { KEY_MODES } from './test-mode.ts';

export const KEY_NAME_MAX_LENGTH = 100;

/** Texts of the API keys screen (docs/product.md, "Other forms", "Other screens"). */
export const KEY_TEXTS = {
  nameRequired: 'Please enter a key name',
  loadFailed: 'Failed to load API keys',
  createFailed: 'Failed to create API key',
  deleteFailed: 'Failed to delete API key',
  copyFailed: 'Failed to copy to clipboard',
  updateFailed: 'Failed to update API key',
  rollFailed: 'Failed to roll API key',
  noService: 'A key needs at least one service',
  expiryInPast: 'The expiry must be in the future',
} as const;

/** A spend limit's period: day and month reset at 00:00 UTC; total never resets. */
export const SPEND_PERIODS = ['day', 'month', 'total'] as const;
export type SpendPeriod = (typeof SPEND_PERIODS)[number];

/**
 * The label of the spend period `at` falls in (UTC): '2026-11-25' for a day, '2026-11' for a month,
 * 'total' for ever. The debit statement computes the same label in SQL (provider/key-spend.ts).
 */
export function spendPeriodLabel(period: SpendPeriod | null, at: Date): string {
  if (period === 'day') return at.toISOString().slice(0, 10);
  if (period === 'month') return at.toISOString().slice(0, 7);
  return 'total';
}

/** When the spend period `at` falls in starts (00:00 UTC of the day or month); the epoch for total. */
export function spendPeriodStart(period: SpendPeriod | null, at: Date): Date {
  if (period === 'day') return new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate()));
  if (period === 'month') return new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), 1));
  return new Date(0);
}

/** When the spend period `at` falls in ends (00:00 UTC of the next day or month); null for total. */
export function spendPeriodEnd(period: SpendPeriod | null, at: Date): Date | null {
  if (period === 'day') return new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate() + 1));
  if (period === 'month') return new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth() + 1, 1));
  return null;
}

/**
 * A key's budget as of `at`: the credits counted in its stored period (0 once that period is over,
 * or without a limit) and when the current period ends, as the key list and
 * `GET /api/provider/me` answer them.
 */
export function budgetAt(
  budget: { period: SpendPeriod; spentCredits: number; spentPeriod: string } | null,
  at: Date,
): { spent: number; spentResetsAt: string | null } {
  if (!budget) return { spent: 0, spentResetsAt: null };
  return {
    spent: budget.spentPeriod === spendPeriodLabel(budget.period, at) ? budget.spentCredits : 0,
    spentResetsAt: spendPeriodEnd(budget.period, at)?.toISOString() ?? null,
  };
}

/** The longest grace a rolled key's old secret keeps working: 7 days. */
export const KEY_ROLL_GRACE_MAX_S = 7 * 86_400;
/** Entries an IP allow-list holds at most. */
export const KEY_IP_ALLOWLIST_MAX = 50;

/** The refusals of a key's own controls (docs/product.md, "Key controls"): exact texts. */
export const keyScopeMessage = (service: Service) =>
  `This API key may not call ${SERVICE_LABELS[service]} (${service}): its permissions exclude it`;
export const keySpendLimitMessage = (limit: number, spent: number, period: SpendPeriod) =>
  `This API key reached its spend limit: ${spent} of ${limit} credits ${
    { day: 'today', month: 'this month', total: 'in total' }[period]
  }. Raise the key's limit under API Keys, or call with another key.`;
export const keyIpMessage = (ip: string) => `This API key may not be used from ${ip}`;
export const KEY_EXPIRED_MESSAGE = 'This API key has expired';
export const keyRateLimitMessage = (perMinute: number) =>
  `Rate limit exceeded: ${perMinute} requests per minute for this API key`;

export const keyLimitMessage = (max: number) =>
  `You have reached the maximum of ${max} API keys. Delete a key to create a new one.`;

/** One field per service: zod's own builders only, so bundlers can drop the schemas a page does not use. */
const perService = <T extends z.ZodType>(field: () => T) =>
  Object.fromEntries(SERVICES.map((service) => [service, field()])) as Record<Service, T>;

/** A key's mode (test-mode.ts): `live` or `test`. */
export const KeyModeSchema = z.enum(KEY_MODES);

export const KeyPermissions = z.object(perService(() => z.boolean()));
export type KeyPermissions = z.infer<typeof KeyPermissions>;

export const SpendLimit = z.object({
  credits: z.number().int().min(1).max(100_000_000),
  period: z.enum(SPEND_PERIODS),
});
export type SpendLimit = z.infer<typeof SpendLimit>;

export const ApiKey = z.object({
  _id: z.string(),
  keyName: z.string(),
  /** The whole key: click-to-copy copies it. Lists show `keyPreview` until "Reveal". */
  keyValue: z.string(),
  /** `cnd_live_…abcd`: enough to tell keys apart, never enough to use one. */
  keyPreview: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
  /** The address of the last call, kept to the minute like `lastUsedAt`. */
  lastUsedIp: z.string().nullable(),
  /** Who created the key (their email); a team's key keeps working after they leave. */
  createdBy: z.string().nullable(),
  permissions: KeyPermissions,
  spendLimit: z.nullable(SpendLimit),
  /** Credits spent in the current period (day or month UTC, or ever for a total limit, or ever without a limit). */
  spent: z.number().int(),
  /** When the current period ends and `spent` starts again from 0; null for a total limit or none. */
  spentResetsAt: z.string().nullable(),
  rateLimitPerMinute: z.number().int().nullable(),
  ipAllowlist: z.array(z.string()).nullable(),
  expiresAt: z.string().nullable(),
  /** After a roll: until when the previous secret still works; null when it no longer does. */
  previousKeyValidUntil: z.string().nullable(),
  /** `test`: the key's calls are free, run on the development engine and see test data only (test-mode.ts). */
  mode: KeyModeSchema,
});
export type ApiKey = z.infer<typeof ApiKey>;

export const KeysResponse = z.object({
  keys: z.array(ApiKey),
  maxApiKeys: z.number().int(),
  /** Signs the callBackUrl webhooks of this account (Standard Webhooks, `whsec_...`). */
  webhookSecret: z.string(),
});
export type KeysResponse = z.infer<typeof KeysResponse>;

export const CreateKeyBody = z.object({
  keyName: z.string().max(1000).optional(),
  /** Services the key may call; a service left out is allowed on create and unchanged on edit. */
  permissions: z.optional(z.object(perService(() => z.boolean().optional()))),
  /** Credits the key may spend per period, enforced in the debit itself; null for none. */
  spendLimit: z.optional(z.nullable(SpendLimit)),
  /** Requests per minute for this key, at most the workspace's own limit; null for the workspace's. */
  rateLimitPerMinute: z.number().int().min(1).max(1_000_000).nullable().optional(),
  /** IPv4/IPv6 addresses and CIDR ranges the key may be used from; null for anywhere. */
  ipAllowlist: z
    .array(z.string().trim().min(1).max(64))
    .min(1)
    .max(KEY_IP_ALLOWLIST_MAX)
    .nullable()
    .optional(),
  /** When the key stops working (ISO 8601); null for never. */
  expiresAt: z.iso.datetime({ offset: true }).nullable().optional(),
  /** `test` makes a test key (`cnd_test_...`); `live` (the default) a live one. Fixed once made. */
  mode: KeyModeSchema.optional(),
});
export type CreateKeyBody = z.infer<typeof CreateKeyBody>;

/** An edit: only the fields given change; null clears a control. A key's mode never changes. */
export const UpdateKeyBody = CreateKeyBody.omit({ mode: true });
export type UpdateKeyBody = z.infer<typeof UpdateKeyBody>;

export const CreateKeyResponse = z.object({ key: ApiKey, message: z.string() });
export type CreateKeyResponse = z.infer<typeof CreateKeyResponse>;

/**
 * The playground's own key (docs/product.md, "Playground"): one per workspace, made in one click
 * from the playground, every service, a small daily budget. It is an ordinary key otherwise:
 * listed on the API Keys page, editable, deletable (then the next click makes a new one).
 */
export const PLAYGROUND_KEY = { name: 'Playground', dailyCredits: 20 } as const;

export const PLAYGROUND_KEY_TEXTS = {
  create: 'Create a playground key',
  creating: 'Creating the key...',
  created: 'Playground key created',
  reused: 'Your playground key already exists: it is selected',
  offer: `Make one here for the playground: it may call every service and spend at most ${PLAYGROUND_KEY.dailyCredits} credits a day. It shows under API Keys, where you can change or delete it.`,
  noKeys: 'You have no API key yet.',
  createFailed: 'Failed to create the playground key',
  /** A run refused by the key's own spend limit (402 KEY_SPEND_LIMIT): what to do, from the error itself. */
  limitWhatToDo:
    "Your balance is not the limit here: this key's own spend limit is. Raise it now, or pick another key above.",
  limitLabel: (period: SpendPeriod) =>
    `New limit (credits ${{ day: 'a day', month: 'a month', total: 'in total' }[period]})`,
  limitSubmit: 'Raise the limit',
  limitPending: 'Raising...',
  limitRaised: (credits: number, period: SpendPeriod) =>
    `The key may now spend ${credits.toLocaleString('en-US')} credits ${{ day: 'a day', month: 'a month', total: 'in total' }[period]}`,
  limitRunAgain: 'Run again',
  limitTooLow: (spent: number) => `Enter more than the ${spent} credits already spent`,
  limitFailed: 'Failed to raise the limit',
} as const;

/** The playground key, and whether this request made it (false: the workspace's existing one). */
export const PlaygroundKeyResponse = z.object({ key: ApiKey, created: z.boolean(), message: z.string() });
export type PlaygroundKeyResponse = z.infer<typeof PlaygroundKeyResponse>;

export const RollKeyBody = z.object({
  /** How long the old secret keeps working, 0 (not at all) to 7 days. */
  graceSeconds: z.number().int().min(0).max(KEY_ROLL_GRACE_MAX_S),
});
export type RollKeyBody = z.infer<typeof RollKeyBody>;

const KeyIdParams = z.object({ id: z.string().min(1).max(100) });

/** The API keys routes of the cookie API. */
export const KEY_ROUTES = {
  list: defineAppRoute({ ...APP_PATHS.keys, response: KeysResponse }),
  create: defineAppRoute({ ...APP_PATHS.createKey, body: CreateKeyBody, response: CreateKeyResponse }),
  createPlayground: defineAppRoute({ ...APP_PATHS.createPlaygroundKey, response: PlaygroundKeyResponse }),
  update: defineAppRoute({
    ...APP_PATHS.updateKey,
    params: KeyIdParams,
    body: UpdateKeyBody,
    response: CreateKeyResponse,
  }),
  roll: defineAppRoute({
    ...APP_PATHS.rollKey,
    params: KeyIdParams,
    body: RollKeyBody,
    response: CreateKeyResponse,
  }),
  remove: defineAppRoute({
    ...APP_PATHS.deleteKey,
    params: KeyIdParams,
    response: MessageResponse,
  }),
};
