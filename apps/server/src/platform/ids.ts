import { randomBytes } from 'node:crypto';

const ID_ALPHABET = '0123456789abcdefghijklmnopqrstuvwxyz';

/** Prefixed random ids (`usr_`, `key_`, `task_`, `req_` ...): 16 characters of base36, ~82 bits. */
export function newId(prefix: string, length = 16): string {
  const bytes = randomBytes(length);
  let id = '';
  for (const byte of bytes) id += ID_ALPHABET[byte % 36];
  return `${prefix}_${id}`;
}
