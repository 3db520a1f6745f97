import { BadRequest } from './errors.ts';

/*
 * Keyset cursors over (timestamp, id). The time is PostgreSQL's own text of the UTC timestamp,
 * microseconds included: a JavaScript Date keeps milliseconds only, and rounding the key would
 * skip rows that share a millisecond at a page boundary.
 */
const TIME_KEY = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}(\.\d{1,6})?$/;

export const encodeCursor = (timeKey: string, id: string) =>
  Buffer.from(`${timeKey}|${id}`).toString('base64url');

export function decodeCursor(cursor: string): [string, string] {
  const [time, id, ...rest] = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  if (!time || !id || rest.length > 0 || !TIME_KEY.test(time)) {
    throw new BadRequest('cursor: is not a cursor from this list', 'cursor');
  }
  return [time, id];
}
