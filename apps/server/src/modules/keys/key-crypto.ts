import { randomBytes } from 'node:crypto';
import { API_KEY_PREFIXES, type KeyMode } from '@conduit/contracts';
import { deriveSealKey, seal, unseal } from '../../platform/sealed-box.ts';
import { sha256Hex } from '../../platform/tokens.ts';

/**
 * `cnd_live_` (or `cnd_test_` for a test key) then 256 random bits: recognisable in logs and
 * secret scanners, unguessable.
 */
export const API_KEY_PREFIX = API_KEY_PREFIXES.live;
const API_KEY_PATTERN = /^cnd_(live|test)_[A-Za-z0-9_-]{43}$/;

export const newApiKey = (mode: KeyMode = 'live') =>
  `${API_KEY_PREFIXES[mode]}${randomBytes(32).toString('base64url')}`;
export const isApiKeyShape = (value: string) => API_KEY_PATTERN.test(value);
export const hashApiKey = (key: string) => sha256Hex(key);
/** `cnd_live_…Ab3x` (`cnd_test_…Ab3x`): enough to tell keys apart, never enough to use one. */
export const maskApiKey = (key: string) => `${key.slice(0, API_KEY_PREFIX.length)}…${key.slice(-4)}`;

/** The AES-256-GCM key for API keys at rest, derived from SESSION_SECRET (never the secret itself). */
export const deriveKeyEncryptionKey = (sessionSecret: string) =>
  deriveSealKey(sessionSecret, 'api-key-encryption-v1');

export const encryptApiKey = seal;
export const decryptApiKey = unseal;
