import { hash, randomBytes } from 'node:crypto';

/** An unguessable secret for links and cookies: 256 bits, URL-safe. */
export const newToken = (bytes = 32) => randomBytes(bytes).toString('base64url');

/**
 * Tokens are stored as their SHA-256 only, so a database leak does not leak live links or
 * sessions; API keys are looked up by theirs. One-shot `hash()`, without a Hash object, because
 * every paid call hashes its API key (Node >= 21.7).
 */
export const sha256Hex = (value: string) => hash('sha256', value, 'hex');
