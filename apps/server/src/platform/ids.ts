import { randomFillSync } from 'node:crypto';

const ID_ALPHABET = '0123456789abcdefghijklmnopqrstuvwxyz';

/*
 * A paid call mints three ids (request, task, ledger entry). Random bytes are drawn from the CSPRNG
 * a few kilobytes at a time rather than 16 bytes per id: the same randomness, without a
 * buffer allocation and a call into OpenSSL for every id on the hot path.
 */
const POOL_BYTES = 4096;
const pool = Buffer.alloc(POOL_BYTES);
let offset = POOL_BYTES;

function takeRandomBytes(length: number): number {
  if (length > POOL_BYTES) throw new RangeError(`an id of ${length} characters is longer than the pool`);
  if (offset + length > POOL_BYTES) {
    randomFillSync(pool);
    offset = 0;
  }
  const start = offset;
  offset += length;
  return start;
}

/** Prefixed random ids (`usr_`, `key_`, `task_`, `req_` ...): 16 characters of base36, ~82 bits. */
export function newId(prefix: string, length = 16): string {
  const start = takeRandomBytes(length);
  let id = '';
  for (let index = start; index < start + length; index += 1) id += ID_ALPHABET[(pool[index] as number) % 36];
  return `${prefix}_${id}`;
}
