/** What a request's `Range` header asks of a file of `size` bytes. */
export type ByteRange =
  | { kind: 'whole' }
  | { kind: 'part'; start: number; end: number }
  | { kind: 'unsatisfiable' };

const SINGLE_RANGE = /^(\d*)-(\d*)$/;

/**
 * One `bytes=` range, as a video player's seek asks for it. A header in another unit, or asking
 * for several ranges at once, is ignored and the whole file answers (both allowed by RFC 9110
 * section 14.2); a malformed or out-of-file byte range is unsatisfiable (416).
 */
export function parseByteRange(header: string | undefined, size: number): ByteRange {
  if (header === undefined) return { kind: 'whole' };
  const [unit, spec = ''] = header.trim().split('=', 2);
  if (unit?.trim().toLowerCase() !== 'bytes') return { kind: 'whole' };
  if (spec.includes(',')) return { kind: 'whole' };
  const match = SINGLE_RANGE.exec(spec.trim());
  if (!match || size === 0) return { kind: 'unsatisfiable' };
  const [, first = '', last = ''] = match;
  if (first === '' && last === '') return { kind: 'unsatisfiable' };
  if (first === '') {
    const suffix = Number(last);
    if (suffix === 0) return { kind: 'unsatisfiable' };
    return { kind: 'part', start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(first);
  const end = last === '' ? size - 1 : Math.min(Number(last), size - 1);
  if (start >= size || end < start) return { kind: 'unsatisfiable' };
  return { kind: 'part', start, end };
}
