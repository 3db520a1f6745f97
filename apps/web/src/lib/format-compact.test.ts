import { describe, expect, it } from 'vitest';
import { expectFormats } from '../test/expect-formats.ts';
import { formatCompact, formatCompactCents } from './format-compact.ts';

describe('formatCompact (K at 1,000, M at 1,000,000)', () => {
  it.each([
    [0, '0'],
    [7, '7'],
    [999, '999'],
    [999.4, '999.4'],
    [1000, '1K'],
    [1049, '1K'],
    [1050, '1.1K'],
    [1500, '1.5K'],
    [12_345, '12.3K'],
    [999_949, '999.9K'],
    [999_999, '1M'],
    [1_000_000, '1M'],
    [2_500_000, '2.5M'],
    [1_250_000_000, '1,250M'],
    [-1500, '-1.5K'],
  ])('%d reads %s', (value, text) => {
    expect(formatCompact(value)).toBe(text);
  });

  it('keeps money exact below $1,000 and abbreviates above', () => {
    expectFormats(formatCompactCents, [
      [0, '$0.00'],
      [99_999, '$999.99'],
      [100_000, '$1K'],
      [1_250_000, '$12.5K'],
      [250_000_000, '$2.5M'],
    ]);
  });
});
