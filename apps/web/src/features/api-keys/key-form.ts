import {
  type ApiKey,
  type CreateKeyBody,
  KEY_IP_ALLOWLIST_MAX,
  KEY_SCREEN_TEXTS,
  KEY_TEXTS,
  type KeyMode,
  type KeyPermissions,
  SERVICES,
  type Service,
  SpendLimit,
  type SpendPeriod,
} from '@conduit/contracts';
import type { Validators } from '../../lib/use-form-fields.ts';

/** The create and edit form: every control as the text or choice its field holds. */
export interface KeyFormValues {
  keyName: string;
  /** The allowed services, comma-separated (one value, so "at least one" is one field's error). */
  services: string;
  spendPeriod: SpendPeriod | 'none';
  spendCredits: string;
  rateLimit: string;
  /** Addresses and CIDR ranges, one per line or comma-separated. */
  ipAllowlist: string;
  expiry: 'never' | 'date';
  /** A `datetime-local` value, in the browser's time zone. */
  expiresAt: string;
  /** Live or test (chosen when the key is made, fixed after). */
  mode: KeyMode;
}

const pad = (value: number) => String(value).padStart(2, '0');

/** An ISO time as a `datetime-local` value in the browser's time zone. */
export function toLocalInput(iso: string): string {
  const at = new Date(iso);
  return `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}T${pad(at.getHours())}:${pad(at.getMinutes())}`;
}

export const splitServices = (services: string) =>
  SERVICES.filter((service) => services.split(',').includes(service));

export const joinServices = (services: readonly Service[]) => services.join(',');

/** A new key: every service, no limits, no expiry. */
export const NEW_KEY_VALUES: KeyFormValues = {
  keyName: '',
  services: joinServices(SERVICES),
  spendPeriod: 'none',
  spendCredits: '',
  rateLimit: '',
  ipAllowlist: '',
  expiry: 'never',
  expiresAt: '',
  mode: 'live',
};

export const keyFormValues = (key: ApiKey): KeyFormValues => ({
  keyName: key.keyName,
  services: joinServices(SERVICES.filter((service) => key.permissions[service])),
  spendPeriod: key.spendLimit?.period ?? 'none',
  spendCredits: key.spendLimit ? String(key.spendLimit.credits) : '',
  rateLimit: key.rateLimitPerMinute === null ? '' : String(key.rateLimitPerMinute),
  ipAllowlist: key.ipAllowlist?.join('\n') ?? '',
  expiry: key.expiresAt ? 'date' : 'never',
  expiresAt: key.expiresAt ? toLocalInput(key.expiresAt) : '',
  mode: key.mode,
});

const wholeNumber = (text: string) => (/^\d+$/.test(text.trim()) ? Number(text.trim()) : Number.NaN);
const ipEntries = (text: string) => text.split(/[\s,]+/).filter(Boolean);

/**
 * The checks of the form. `maxPerMinute` is the workspace's own limit, when known; `initial` the
 * values it opened with (an edit may keep an expiry that has passed).
 */
export function keyFormValidators(initial: KeyFormValues, maxPerMinute?: number): Validators<KeyFormValues> {
  return {
    keyName: ({ keyName }) => (keyName.trim() ? undefined : KEY_TEXTS.nameRequired),
    services: ({ services }) => (splitServices(services).length > 0 ? undefined : KEY_TEXTS.noService),
    spendCredits: ({ spendPeriod, spendCredits }) =>
      spendPeriod === 'none' || SpendLimit.shape.credits.safeParse(wholeNumber(spendCredits)).success
        ? undefined
        : KEY_SCREEN_TEXTS.spendCreditsInvalid,
    rateLimit: ({ rateLimit }) => {
      if (!rateLimit.trim()) return undefined;
      const perMinute = wholeNumber(rateLimit);
      if (!(perMinute >= 1)) return KEY_SCREEN_TEXTS.rateLimitInvalid;
      return maxPerMinute !== undefined && perMinute > maxPerMinute
        ? KEY_SCREEN_TEXTS.rateLimitAboveWorkspace(maxPerMinute)
        : undefined;
    },
    ipAllowlist: ({ ipAllowlist }) => {
      const entries = ipEntries(ipAllowlist);
      if (entries.length > KEY_IP_ALLOWLIST_MAX) return KEY_SCREEN_TEXTS.ipAllowlistTooMany;
      return entries.some((entry) => entry.length > 64) ? KEY_SCREEN_TEXTS.ipEntryTooLong : undefined;
    },
    expiresAt: ({ expiry, expiresAt }) => {
      if (expiry === 'never') return undefined;
      const at = new Date(expiresAt).getTime();
      if (!expiresAt || Number.isNaN(at)) return KEY_SCREEN_TEXTS.expiryRequired;
      const kept = initial.expiry === 'date' && expiresAt === initial.expiresAt;
      return at > Date.now() || kept ? undefined : KEY_TEXTS.expiryInPast;
    },
  };
}

/** The request body of checked values: every control, null where there is none. */
export function keyBody(values: KeyFormValues): Required<CreateKeyBody> {
  const allowed = splitServices(values.services);
  const ips = ipEntries(values.ipAllowlist);
  return {
    keyName: values.keyName.trim(),
    permissions: Object.fromEntries(
      SERVICES.map((service) => [service, allowed.includes(service)]),
    ) as KeyPermissions,
    spendLimit:
      values.spendPeriod === 'none'
        ? null
        : { credits: wholeNumber(values.spendCredits), period: values.spendPeriod },
    rateLimitPerMinute: values.rateLimit.trim() ? wholeNumber(values.rateLimit) : null,
    ipAllowlist: ips.length > 0 ? ips : null,
    expiresAt: values.expiry === 'date' ? new Date(values.expiresAt).toISOString() : null,
    mode: values.mode,
  };
}

/** An edit's body: only the controls that differ from the key's own. */
export function changedBody(initial: KeyFormValues, values: KeyFormValues): Partial<CreateKeyBody> {
  const before = keyBody(initial);
  const after = keyBody(values);
  return Object.fromEntries(
    Object.entries(after).filter(
      ([name, value]) => JSON.stringify(value) !== JSON.stringify(before[name as keyof CreateKeyBody]),
    ),
  );
}

const SERVER_FIELDS: [prefix: string, name: keyof KeyFormValues][] = [
  ['keyName', 'keyName'],
  ['permissions', 'services'],
  ['spendLimit.period', 'spendPeriod'],
  ['spendLimit', 'spendCredits'],
  ['rateLimitPerMinute', 'rateLimit'],
  ['ipAllowlist', 'ipAllowlist'],
  ['expiresAt', 'expiresAt'],
];

/** The form field a server refusal names (`ipAllowlist.2` is the allow-list). */
export const formFieldOf = (requestField: string) =>
  SERVER_FIELDS.find(([prefix]) => requestField === prefix || requestField.startsWith(`${prefix}.`))?.[1];
