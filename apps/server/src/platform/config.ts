import { createHash } from 'node:crypto';
import {
  DEFAULT_LINKEDIN_PRICING,
  DEFAULT_MARGIN_FLOOR_PERCENT,
  DEFAULT_REQUEST_LOG_RETENTION_DAYS,
  DEFAULT_RESULT_RETENTION_DAYS,
} from '@conduit/contracts';
import { z } from 'zod';
import { parseIpRange } from './ip-ranges.ts';

const flag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no', ''])
  .transform((value) => value === 'true' || value === '1' || value === 'yes');

const optionalText = z
  .string()
  .trim()
  .transform((value) => (value === '' ? undefined : value))
  .optional();

const optionalUrl = (protocols: string[]) =>
  optionalText.pipe(
    z
      .url({ error: `must be a URL starting with ${protocols.join(' or ')}` })
      .refine((value) => protocols.some((p) => value.startsWith(p)), {
        error: `must be a URL starting with ${protocols.join(' or ')}`,
      })
      .optional(),
  );

const emailList = z
  .string()
  .transform((value) =>
    value
      .split(',')
      .map((email) => email.trim().toLowerCase())
      .filter(Boolean),
  )
  .pipe(z.array(z.email({ error: 'must be a comma-separated list of email addresses' })));

/** A comma-separated list of secrets (blanks dropped); unset or empty means none. */
const commaList = z
  .string()
  .transform((value) =>
    value
      .split(',')
      .map((item) => item.trim())
      .filter(Boolean),
  )
  .transform((items) => (items.length === 0 ? undefined : items))
  .optional();

/** Every environment variable the server reads (README.md, "Configuration"), parsed once at start. */
/** A whole number from `min` (to `max`); anything else is refused with `error`, which says the range. */
const wholeNumber = (error: string, min: number, max?: number) => {
  const number = z.coerce.number({ error }).int({ error }).min(min, { error });
  return max === undefined ? number : number.max(max, { error });
};

/** A number that may have decimals (prices, thresholds): never negative. */
const decimal = (error: string) => z.coerce.number({ error }).min(0, { error });

const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** `pretty` lines for a person at a terminal, `json` lines for log collectors; by NODE_ENV when unset. */
  LOG_FORMAT: z.enum(['json', 'pretty'], { error: 'must be "json" or "pretty"' }).optional(),
  PORT: wholeNumber('must be an integer between 0 and 65535', 0, 65535).default(3000),
  HOST: z.string().trim().min(1, { error: 'must not be empty' }).default('127.0.0.1'),
  PUBLIC_URL: optionalUrl(['http://', 'https://']),
  DATA_DIR: z.string().trim().min(1, { error: 'must not be empty' }).default('./data'),
  DATABASE_URL: optionalUrl(['postgres://', 'postgresql://']),
  /** Connections each process keeps to PostgreSQL for requests (pg-boss keeps 5 more). */
  DATABASE_POOL_SIZE: wholeNumber('must be an integer between 1 and 500', 1, 500).default(20),
  REDIS_URL: optionalUrl(['redis://', 'rediss://']),
  /** Namespace of this installation's keys, so several installations (or test runs) can share one Redis. */
  REDIS_PREFIX: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9_:.-]{1,64}$/, { error: 'must be 1-64 letters, digits or _ : . -' })
    .default('conduit'),
  SESSION_SECRET: optionalText.pipe(
    z.string().min(32, { error: 'must be at least 32 characters' }).optional(),
  ),
  SMTP_URL: optionalUrl(['smtp://', 'smtps://']),
  MAIL_FROM: optionalText,
  GOOGLE_CLIENT_ID: optionalText,
  GOOGLE_CLIENT_SECRET: optionalText,
  GOOGLE_ISSUER: optionalUrl(['http://', 'https://']).default('https://accounts.google.com'),
  STRIPE_SECRET_KEY: optionalText,
  STRIPE_WEBHOOK_SECRET: optionalText,
  STRIPE_API_BASE: optionalUrl(['http://', 'https://']),
  PROVIDER_ENGINE: z.enum(['local', 'kie'], { error: 'must be "local" or "kie"' }).optional(),
  /** One kie.ai account's API key; KIE_API_KEYS for several (a pool), never both. */
  KIE_API_KEY: optionalText,
  /**
   * Several kie.ai accounts, comma-separated: each is paced on its own (kie's 20 creates per 10 s
   * are per account), so the platform's ceiling grows with each (docs/upstreams.md, "A pool of kie.ai accounts").
   */
  KIE_API_KEYS: commaList,
  KIE_BASE_URL: optionalUrl(['http://', 'https://']).default('https://api.kie.ai'),
  /** With it, kie.ai is asked to call us back (signed) when a job changes state; polling stays the truth. */
  KIE_WEBHOOK_HMAC_KEY: optionalText,
  /** With KIE_API_KEYS: each account's webhook HMAC key (kie makes one per account), in the same order. */
  KIE_WEBHOOK_HMAC_KEYS: commaList,
  /**
   * kie.ai's content filter on image results (`input.nsfw_checker`); kie's own default is off, ours
   * on (docs/upstreams.md, "kie.ai: image and Sora watermark removal (jobs API)").
   */
  KIE_NSFW_CHECKER: flag.default(true),
  /** New kie.ai tasks per window across all processes: kie accepts 20 per 10 s per account. */
  KIE_CREATES_PER_WINDOW: wholeNumber('must be a whole number, 1 or more', 1).default(20),
  /** The pace window in milliseconds: kie's 10 s plus 1 s for the network's jitter. */
  KIE_CREATE_WINDOW_MS: wholeNumber('must be a whole number of milliseconds, 100 or more', 100).default(
    11_000,
  ),
  /** kie.ai record-info polls per window across all processes: kie allows 10 a second per key. */
  KIE_POLLS_PER_WINDOW: wholeNumber('must be a whole number, 1 or more', 1).default(10),
  /** The poll pace window in milliseconds: kie's second plus 100 ms for the network's jitter. */
  KIE_POLL_WINDOW_MS: wholeNumber('must be a whole number of milliseconds, 100 or more', 100).default(1_100),
  /**
   * How long the development engine takes to render a video (3 s by default), to try a client's
   * cancel, deadline or wait handling against a video that is still running.
   */
  LOCAL_VIDEO_SECONDS: wholeNumber('must be a whole number of seconds, 0 or more', 0).default(3),
  /**
   * How long the development engine takes to accept a job it is sent (0 by default), as a busy
   * upstream does: to try `Cancel-After` against a task whose start is on its way.
   */
  LOCAL_START_SECONDS: wholeNumber('must be a whole number of seconds, 0 or more', 0).default(0),
  /** How long after a create kie's "record is null" still means "not yet" (then the task fails). */
  KIE_NULL_RECORD_GRACE_S: wholeNumber('must be a whole number of seconds, 1 or more', 1).default(120),
  /**
   * How long a kie.ai create whose answer was lost waits for kie's callback naming its task before
   * the task is refunded and recorded as possibly billed (docs/upstreams.md, "Lost creates").
   */
  KIE_LOST_CREATE_WAIT_S: wholeNumber('must be a whole number of seconds, 1 or more', 1).default(900),
  /** A second upstream for image and video (fal.ai's queue API), tried when kie.ai cannot take work. */
  FAL_KEY: optionalText,
  /** fal.ai's queue host; https://queue.fal.run when unset (docs/upstreams.md). */
  FAL_BASE_URL: optionalUrl(['http://', 'https://']),
  APIFY_TOKEN: optionalText,
  APIFY_BASE_URL: optionalUrl(['http://', 'https://']).default('https://api.apify.com'),
  /** The Apify actor that reads a LinkedIn profile's contact fields; `off` for none (docs/upstreams.md). */
  APIFY_PROFILE_ACTOR: optionalText.default('dev_fusion~linkedin-profile-scraper'),
  /** What the posts and profile actors charge per 1,000 results, in USD (their Store pages). */
  APIFY_POSTS_PRICE_PER_1000_USD: decimal('must be a number of dollars, 0 or more').default(5),
  APIFY_PROFILE_PRICE_PER_1000_USD: decimal('must be a number of dollars, 0 or more').default(10),
  /** Below this many kie.ai credits the admins are mailed and the health page warns. */
  KIE_LOW_BALANCE_CREDITS: decimal('must be a number of credits, 0 or more').default(2000),
  /** Below this many dollars left of Apify's monthly usage limit, the same. */
  APIFY_LOW_BALANCE_USD: decimal('must be a number of dollars, 0 or more').default(10),
  /**
   * Bearer token that /metrics requires (`Authorization: Bearer <token>`). Without it, /metrics
   * is open outside production and refused in production (docs/operations.md, "Metrics").
   */
  METRICS_TOKEN: optionalText.pipe(
    z.string().min(16, { error: 'must be at least 16 characters' }).optional(),
  ),
  /** Two-factor authentication before /admin opens; defaults to on in production only. */
  ADMIN_REQUIRE_2FA: flag.optional(),
  WAITLIST_MODE: flag.default(false),
  ADMIN_EMAILS: emailList.default([]),
  SUPPORT_EMAIL: optionalText.pipe(z.email({ error: 'must be an email address' }).optional()),
  SUPPORT_PHONE: optionalText,
  /** Where Contact Sales messages go; SUPPORT_EMAIL (then the product's support address) when unset. */
  SALES_EMAIL: optionalText.pipe(z.email({ error: 'must be an email address' }).optional()),
  /** Sign-ups from one IP address an hour: an office behind one address, or a test run, may need more. */
  SIGNUPS_PER_IP_PER_HOUR: wholeNumber('must be a whole number, 1 or more', 1).default(30),
  /**
   * Which proxies' X-Forwarded-For to believe for the client's address (key IP allow-lists, sign-up
   * limits, logs): unset for none, a number of hops, or a comma list of proxy addresses and CIDRs.
   */
  TRUST_PROXY: optionalText.pipe(
    z
      .string()
      .refine(
        (value) => /^\d+$/.test(value) || value.split(',').every((part) => parseIpRange(part) !== undefined),
        {
          error: 'must be a number of hops or a comma list of addresses and CIDR ranges',
        },
      )
      .optional(),
  ),
  ROLE: z.enum(['all', 'api', 'worker'], { error: 'must be "all", "api" or "worker"' }).default('all'),
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(0).default(25_000),
  /**
   * On SIGTERM, how long to keep serving while /readyz answers 503, so a load balancer stops
   * sending new connections before this process stops listening (docs/operations.md).
   */
  SHUTDOWN_DRAIN_MS: wholeNumber('must be a whole number of milliseconds, 0 or more', 0).default(0),
  /** Where result files live: `fs` (DATA_DIR/files, one machine) or `s3` (shared by every process). */
  STORAGE: z.enum(['fs', 's3'], { error: 'must be "fs" or "s3"' }).default('fs'),
  S3_BUCKET: optionalText,
  /** Folder of this installation's results inside the bucket, e.g. `conduit/` (a slash is added). */
  S3_PREFIX: optionalText.pipe(
    z
      .string()
      .regex(/^[A-Za-z0-9_.\-/]{1,200}$/, { error: 'must be 1-200 letters, digits or _ . - /' })
      .refine((value) => !value.startsWith('/'), { error: 'must not start with /' })
      .optional(),
  ),
  /** Path-style addresses (`endpoint/bucket/key`), which MinIO and most S3-compatible stores need. */
  S3_FORCE_PATH_STYLE: flag.default(false),
  /** The AWS SDK's own variables; unset, the SDK looks for credentials where it always does. */
  AWS_REGION: optionalText,
  AWS_ENDPOINT_URL_S3: optionalUrl(['http://', 'https://']),
  AWS_ACCESS_KEY_ID: optionalText,
  AWS_SECRET_ACCESS_KEY: optionalText,
  /** Days a result file is kept after its task completes; its URL answers 410 after that. */
  RESULT_RETENTION_DAYS: wholeNumber('must be a whole number of days between 1 and 3650', 1, 3650).default(
    DEFAULT_RESULT_RETENTION_DAYS,
  ),
  /** Hours an uploaded input file (POST /api/provider/files) and its signed URL last. */
  UPLOAD_TTL_HOURS: wholeNumber('must be a whole number of hours between 1 and 720', 1, 720).default(24),
  /** Megabytes of unexpired uploads a workspace may hold at once; past it an upload answers 413. */
  UPLOAD_QUOTA_MB: wholeNumber('must be a whole number of megabytes, 1 or more', 1).default(500),
  /** `off` stops recording public API requests in the request log (the Logs page); on by default. */
  REQUEST_LOG: z.enum(['on', 'off'], { error: 'must be "on" or "off"' }).default('on'),
  /** Days a request stays in the request log; older ones are purged hourly. */
  REQUEST_LOG_RETENTION_DAYS: wholeNumber(
    'must be a whole number of days between 1 and 3650',
    1,
    3650,
  ).default(DEFAULT_REQUEST_LOG_RETENTION_DAYS),
  /** Memory each process keeps the small results it stored in the last minute in (0: none). */
  RECENT_RESULTS_MB: wholeNumber('must be a whole number of megabytes between 0 and 4096', 0, 4096).default(
    32,
  ),
  /**
   * How long one step of a task (an upstream start or poll, a result download) may hold the task;
   * a worker killed mid-step loses its tasks to another worker after this.
   */
  TASK_LEASE_S: wholeNumber('must be a whole number of seconds, 1 or more', 1).default(180),
  /**
   * Credit prices that differ from the published ones, `service=credits` comma-separated (e.g.
   * `video=12,image=2`): what paid calls charge and quotes answer (docs/product.md, "Controlling a paid call").
   */
  CREDIT_PRICES: z
    .string()
    .trim()
    .regex(/^((image|video|sora|linkedin)=[1-9]\d{0,5}(,|$))*$/, {
      error: 'must be service=credits pairs separated by commas, e.g. video=12,image=2',
    })
    .default(''),
  /**
   * The margin every price must leave at the cheapest pack's rate, percent of what it brings in:
   * under it a variant is "below cost" (the admin margin guard, health amber, 409 on a model price).
   * docs/operations.md, "Prices and margins".
   */
  MARGIN_FLOOR_PERCENT: wholeNumber('must be a whole percent from 0 to 99', 0, 99).default(
    DEFAULT_MARGIN_FLOOR_PERCENT,
  ),
  /** Posts a LinkedIn call's price covers; each LINKEDIN_POSTS_PER_CREDIT more cost a credit more. */
  LINKEDIN_INCLUDED_POSTS: wholeNumber('must be a whole number of posts, 1 or more', 1).default(
    DEFAULT_LINKEDIN_PRICING.includedPosts,
  ),
  LINKEDIN_POSTS_PER_CREDIT: wholeNumber('must be a whole number of posts, 1 or more', 1).default(
    DEFAULT_LINKEDIN_PRICING.postsPerCredit,
  ),
  /**
   * A cancel of a task whose upstream has started it and cannot stop it (kie.ai): `continue` (it
   * runs to its end and stays charged) or `refund` (settled canceled and refunded at once; the
   * upstream's cost is ours). docs/product.md, "Controlling a paid call".
   */
  UNSTOPPABLE_CANCEL_POLICY: z
    .enum(['continue', 'refund'], { error: 'must be "continue" or "refund"' })
    .default('continue'),
  /** How often worker processes look for balances that fell below a low-balance alert's threshold. */
  BALANCE_ALERTS_INTERVAL_S: wholeNumber(
    'must be a whole number of seconds between 1 and 3600',
    1,
    3600,
  ).default(15),
  /** Seconds between auto top-up scans on worker processes; 0 turns the scan off (docs/operations.md). */
  AUTO_TOPUP_INTERVAL_S: wholeNumber('must be a whole number of seconds, 0 or more', 0, 86_400).default(15),
  /** After a declined auto top-up, seconds before the saved card is tried again. */
  AUTO_TOPUP_RETRY_S: wholeNumber('must be a whole number of seconds, 0 or more', 0).default(3600),
});

export type Env = z.infer<typeof EnvSchema>;

export type Config = Omit<Env, 'PUBLIC_URL' | 'PROVIDER_ENGINE' | 'ADMIN_REQUIRE_2FA' | 'LOG_FORMAT'> & {
  PUBLIC_URL: string;
  PROVIDER_ENGINE: 'local' | 'kie';
  ADMIN_REQUIRE_2FA: boolean;
  LOG_FORMAT: 'json' | 'pretty';
  isProduction: boolean;
};

export class ConfigError extends Error {}

/** Variables that mean nothing without another: set alone, the start stops with one line. */
const NEEDS: ReadonlyArray<readonly [keyof Env, keyof Env]> = [
  ['GOOGLE_CLIENT_ID', 'GOOGLE_CLIENT_SECRET'],
  ['GOOGLE_CLIENT_SECRET', 'GOOGLE_CLIENT_ID'],
  ['STRIPE_WEBHOOK_SECRET', 'STRIPE_SECRET_KEY'],
  ['STRIPE_API_BASE', 'STRIPE_SECRET_KEY'],
  ['KIE_WEBHOOK_HMAC_KEY', 'KIE_API_KEY'],
  ['FAL_BASE_URL', 'FAL_KEY'],
  ['AWS_ACCESS_KEY_ID', 'AWS_SECRET_ACCESS_KEY'],
  ['AWS_SECRET_ACCESS_KEY', 'AWS_ACCESS_KEY_ID'],
];

/**
 * One kie.ai account or a pool, never both: which of two set keys was meant cannot be guessed. A
 * pool's callbacks are signed with each account's own HMAC key, so KIE_WEBHOOK_HMAC_KEYS names
 * one per key, in the same order.
 */
function checkKieAccounts(parsed: Env) {
  const fail = (why: string) => {
    throw new ConfigError(`Invalid configuration: ${why}`);
  };
  const keys = parsed.KIE_API_KEYS;
  if (keys && parsed.KIE_API_KEY) {
    fail(
      'KIE_API_KEY and KIE_API_KEYS are both set: set KIE_API_KEY for one kie.ai account or KIE_API_KEYS for several',
    );
  }
  if (keys && new Set(keys).size !== keys.length) fail('KIE_API_KEYS names the same key twice');
  if (keys && parsed.KIE_WEBHOOK_HMAC_KEY) {
    fail(
      'KIE_WEBHOOK_HMAC_KEY goes with KIE_API_KEY: with KIE_API_KEYS, set KIE_WEBHOOK_HMAC_KEYS (one per account)',
    );
  }
  const hmacKeys = parsed.KIE_WEBHOOK_HMAC_KEYS;
  if (hmacKeys && !keys) fail('KIE_WEBHOOK_HMAC_KEYS is set, so KIE_API_KEYS must be set too');
  if (hmacKeys && keys && hmacKeys.length !== keys.length) {
    fail(
      `KIE_WEBHOOK_HMAC_KEYS must name one key per account of KIE_API_KEYS (${keys.length}), got ${hmacKeys.length}`,
    );
  }
}

/** One kie.ai account as the engine uses it; `id` is not secret (it is stored with each task). */
export interface KieAccountConfig {
  /** `k` and 8 hex digits of the key's SHA-256: stable when the list is reordered, never the key. */
  id: string;
  /** `#1`, `#2`, ...: the account's place in the configuration, for people. */
  label: string;
  apiKey: string;
  webhookHmacKey?: string;
}

/** The kie.ai accounts configured: KIE_API_KEY's one, or KIE_API_KEYS' pool; none without either. */
export function kieAccountsOf(
  config: Partial<
    Pick<Config, 'KIE_API_KEY' | 'KIE_API_KEYS' | 'KIE_WEBHOOK_HMAC_KEY' | 'KIE_WEBHOOK_HMAC_KEYS'>
  >,
): KieAccountConfig[] {
  const keys = config.KIE_API_KEYS ?? (config.KIE_API_KEY ? [config.KIE_API_KEY] : []);
  const hmacKeys = config.KIE_API_KEYS ? config.KIE_WEBHOOK_HMAC_KEYS : [config.KIE_WEBHOOK_HMAC_KEY];
  return keys.map((apiKey, index) => ({
    id: `k${createHash('sha256').update(apiKey).digest('hex').slice(0, 8)}`,
    label: `#${index + 1}`,
    apiKey,
    ...(hmacKeys?.[index] && { webhookHmacKey: hmacKeys[index] }),
  }));
}

/** Parses the environment once; a bad value throws one line naming the variable and the rule. */
export function parseConfig(env: Record<string, string | undefined> = process.env): Config {
  const present = Object.fromEntries(Object.entries(env).filter(([key]) => key in EnvSchema.shape));
  const result = EnvSchema.safeParse(present);
  if (!result.success) {
    const issue = result.error.issues[0];
    const name = String(issue?.path[0] ?? 'environment');
    const got = name in present ? ` (got "${present[name]}")` : '';
    throw new ConfigError(`Invalid configuration: ${name} ${issue?.message ?? 'is invalid'}${got}`);
  }
  const parsed = result.data;
  const isProduction = parsed.NODE_ENV === 'production';
  checkKieAccounts(parsed);
  if (parsed.PROVIDER_ENGINE === 'kie' && !parsed.KIE_API_KEY && !parsed.KIE_API_KEYS) {
    throw new ConfigError(
      'Invalid configuration: KIE_API_KEY is required when PROVIDER_ENGINE is "kie" (or KIE_API_KEYS for several accounts)',
    );
  }
  if (parsed.STORAGE === 's3' && !parsed.S3_BUCKET) {
    throw new ConfigError('Invalid configuration: S3_BUCKET is required when STORAGE is "s3"');
  }
  if (parsed.STORAGE !== 's3' && parsed.S3_BUCKET) {
    throw new ConfigError('Invalid configuration: S3_BUCKET is set, so STORAGE must be "s3"');
  }
  for (const [name, needed] of NEEDS) {
    if (parsed[name] !== undefined && parsed[needed] === undefined) {
      throw new ConfigError(`Invalid configuration: ${name} is set, so ${needed} must be set too`);
    }
  }
  return {
    ...parsed,
    PUBLIC_URL: (parsed.PUBLIC_URL ?? `http://localhost:${parsed.PORT}`).replace(/\/+$/, ''),
    // The local engine is a stand-in: production runs it only when configured by name.
    PROVIDER_ENGINE: parsed.PROVIDER_ENGINE ?? (isProduction ? 'kie' : 'local'),
    ADMIN_REQUIRE_2FA: parsed.ADMIN_REQUIRE_2FA ?? isProduction,
    // Readable in development; production's collectors and the tests that read logs get JSON.
    LOG_FORMAT: parsed.LOG_FORMAT ?? (parsed.NODE_ENV === 'development' ? 'pretty' : 'json'),
    isProduction,
  };
}
