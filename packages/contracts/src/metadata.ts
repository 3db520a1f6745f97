import { z } from 'zod';
import { APP_PATHS } from './app-paths.ts';
import { defineAppRoute } from './app-routes.ts';
import { METADATA_LIMITS } from './metadata-limits.ts';

/**
 * `metadata` on every paid call (docs/product.md, "Metadata"): the caller's own labels (a customer
 * id, an order, a feature), kept with the task and echoed wherever the task is shown, so a reseller
 * can tell which of their customers spent what. Limited as Stripe limits its metadata.
 */

const M = METADATA_LIMITS;
/** Square brackets would make `metadata[key]=value` filters ambiguous; Stripe refuses them too. */
const KEY_PATTERN = /^[^[\]]+$/;

export const MetadataKey = z
  .string()
  .min(1, { error: 'keys must not be empty' })
  .max(M.keyMaxLength, { error: `keys must be at most ${M.keyMaxLength} characters` })
  .regex(KEY_PATTERN, { error: 'keys must not contain square brackets' });

/** Why a metadata object is refused, or undefined if it is fine (each rule Stripe's). */
export function metadataProblem(value: Record<string, unknown>): string | undefined {
  const keys = Object.keys(value);
  if (keys.length > M.maxKeys) return `must have at most ${M.maxKeys} keys (has ${keys.length})`;
  for (const key of keys) {
    const checked = MetadataKey.safeParse(key);
    const shown = JSON.stringify(key.length > 60 ? `${key.slice(0, 60)}...` : key);
    if (!checked.success) return `key ${shown}: ${checked.error.issues[0]?.message}`;
    const item = value[key];
    if (typeof item !== 'string') return `key ${shown}: values must be strings`;
    if (item.length > M.valueMaxLength)
      return `key ${shown}: values must be at most ${M.valueMaxLength} characters`;
  }
  return undefined;
}

/**
 * Every refusal names `metadata` itself (the field of the 400), and says which key and rule: the
 * object is read whole rather than key by key, which would name `metadata.<key>` instead.
 */
export const Metadata = z
  .record(z.string(), z.unknown(), { error: 'must be an object of string values' })
  .superRefine((value, context) => {
    const problem = metadataProblem(value);
    if (problem) context.addIssue({ code: 'custom', message: problem });
  })
  .meta({
    type: 'object',
    maxProperties: M.maxKeys,
    propertyNames: { minLength: 1, maxLength: M.keyMaxLength, pattern: KEY_PATTERN.source },
    additionalProperties: { type: 'string', maxLength: M.valueMaxLength },
    description: `Your own labels for the call (a customer, an order): at most ${M.maxKeys} keys of up to ${M.keyMaxLength} characters, string values of up to ${M.valueMaxLength}. Echoed on the task, its events and webhooks, the request log and the usage CSV; GET /api/provider/usage?groupBy=metadata.<key> sums spend by one key`,
  }) as unknown as z.ZodType<Record<string, string>>;
export type Metadata = z.infer<typeof Metadata>;

/** The `metadata` field every paid body takes. */
export const metadataField = { metadata: Metadata.optional() };

/** `groupBy=metadata.<key>` names the key to sum by. */
export const METADATA_GROUP_PREFIX = 'metadata.';

/**
 * The metadata filter of a list's query string: `metadata[customer]=acme` (Stripe's form), each
 * pair a condition, all of them required. Reads the raw query: a query parser need not know the
 * bracket form. Answers the pairs, or a message naming the first bad one.
 */
export function metadataFilterOf(rawQuery: string): { filter: Record<string, string> } | { error: string } {
  const filter: Record<string, string> = {};
  const decode = (text: string) => {
    try {
      return decodeURIComponent(text.replaceAll('+', ' '));
    } catch {
      return undefined;
    }
  };
  for (const pair of rawQuery.split('&')) {
    const cut = pair.indexOf('=');
    const name = decode(cut < 0 ? pair : pair.slice(0, cut));
    const value = decode(cut < 0 ? '' : pair.slice(cut + 1));
    if (name === undefined || value === undefined) {
      if (pair.startsWith('metadata')) return { error: 'metadata: a filter is not valid URL encoding' };
      continue;
    }
    const match = /^metadata\[(.*)\]$/.exec(name);
    if (!match) continue;
    const key = match[1] as string;
    const checked = MetadataKey.safeParse(key);
    if (!checked.success) return { error: `metadata[${key}]: ${checked.error.issues[0]?.message}` };
    if (value.length > M.valueMaxLength)
      return { error: `metadata[${key}]: values must be at most ${M.valueMaxLength} characters` };
    if (Object.keys(filter).length >= M.maxKeys && !(key in filter))
      return { error: `metadata: at most ${M.maxKeys} keys` };
    filter[key] = value;
  }
  return { filter };
}

/** `metadata` as every task answer, event and log row carries it: `{}` when the call sent none. */
export const MetadataAnswer = z
  .record(z.string(), z.string())
  .describe("The call's metadata as it was sent; {} when none");

/** When a day (`2026-12-01`) or an instant (`2026-12-01T00:00:00Z`) bounds a spend query. */
const bound = (what: string) =>
  z
    .union([z.iso.date(), z.iso.datetime({ offset: true })], {
      error: 'must be a date (YYYY-MM-DD) or an ISO 8601 date-time',
    })
    .optional()
    .describe(what);

/**
 * `GET /api/provider/usage` and the app's `GET /api/usage/by-metadata`: the calls and net credits
 * of a period, grouped by one metadata key's value.
 */
export const UsageByMetadataQuery = z.object({
  groupBy: z
    .string({ error: 'is required: metadata.<key>' })
    .regex(/^metadata\.[^[\]]{1,40}$/, {
      error: `must be metadata.<key>, the key at most ${M.keyMaxLength} characters`,
    })
    .describe('metadata.<key>: the metadata key whose values the spend is grouped by'),
  from: bound('Calls made at or after this (a date: from its start, UTC)'),
  to: bound('Calls made before this (a date: up to its end, UTC, included)'),
  service: z.enum(['image', 'video', 'sora', 'linkedin']).optional().describe('Only this service'),
});
export type UsageByMetadataQuery = z.infer<typeof UsageByMetadataQuery>;

export const MetadataSpend = z.object({
  value: z.string().nullable().describe("The key's value; null for the calls without this key"),
  calls: z.number().int().describe('Calls made, failed and refunded ones included'),
  credits: z.number().int().describe('Credits spent: charged less refunded'),
});
export type MetadataSpend = z.infer<typeof MetadataSpend>;

export const UsageByMetadata = z.object({
  data: z.array(MetadataSpend).describe('One row per value, most credits first'),
});
export const UsageByMetadataAnswer = UsageByMetadata.extend({ success: z.literal(true) });
export type UsageByMetadataAnswer = z.infer<typeof UsageByMetadataAnswer>;

/** The period of a spend query: `from` inclusive, `to` exclusive (a day's `to` includes that day). */
export function spendPeriodOf(query: Pick<UsageByMetadataQuery, 'from' | 'to'>) {
  const dayEnd = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000);
  const isDay = (value: string) => /^\d{4}-\d{2}-\d{2}$/.test(value);
  return {
    from:
      query.from === undefined ? null : new Date(isDay(query.from) ? `${query.from}T00:00:00Z` : query.from),
    to: query.to === undefined ? null : isDay(query.to) ? dayEnd(query.to) : new Date(query.to),
  };
}

/** `GET /api/usage/by-metadata`: the Usage page's spend by one metadata key (the session's workspace). */
export const USAGE_BY_METADATA_ROUTE = defineAppRoute({
  ...APP_PATHS.usageByMetadata,
  query: UsageByMetadataQuery,
  response: UsageByMetadata,
});
