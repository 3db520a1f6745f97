import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import { sha256Hex } from '../../platform/tokens.ts';

/** `cnd_live_` then 256 random bits: recognisable in logs and secret scanners, unguessable. */
export const API_KEY_PREFIX = 'cnd_live_';
const API_KEY_PATTERN = /^cnd_live_[A-Za-z0-9_-]{43}$/;

export const newApiKey = () => `${API_KEY_PREFIX}${randomBytes(32).toString('base64url')}`;
export const isApiKeyShape = (value: string) => API_KEY_PATTERN.test(value);
export const hashApiKey = (key: string) => sha256Hex(key);
/** `cnd_live_••••Ab3x`: enough to tell keys apart, never enough to use one. */
export const maskApiKey = (key: string) => `${API_KEY_PREFIX}••••${key.slice(-4)}`;

/** The AES-256-GCM key for API keys at rest, derived from SESSION_SECRET (never the secret itself). */
export function deriveKeyEncryptionKey(sessionSecret: string): Buffer {
  return Buffer.from(hkdfSync('sha256', sessionSecret, 'conduit', 'api-key-encryption-v1', 32));
}

export function encryptApiKey(encryptionKey: Buffer, key: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', encryptionKey, iv);
  const sealed = Buffer.concat([cipher.update(key, 'utf8'), cipher.final()]);
  return `v1.${iv.toString('base64url')}.${cipher.getAuthTag().toString('base64url')}.${sealed.toString('base64url')}`;
}

export function decryptApiKey(encryptionKey: Buffer, stored: string): string {
  const [version, iv, tag, sealed] = stored.split('.');
  if (version !== 'v1' || !iv || !tag || !sealed) throw new Error('Unknown API key encryption format');
  const decipher = createDecipheriv('aes-256-gcm', encryptionKey, Buffer.from(iv, 'base64url'));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(sealed, 'base64url')), decipher.final()]).toString(
    'utf8',
  );
}
