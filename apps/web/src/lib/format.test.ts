import { describe, expect, it } from 'vitest';
import { expectFormats } from '../test/expect-formats.ts';
import { formatCount, formatDuration, formatQuantity } from './format.ts';

describe('formatCount', () => {
  it('groups thousands, and writes small whole numbers and fractions as the formatter does', () => {
    expectFormats(formatCount, [
      [0, '0'],
      [999, '999'],
      [-999, '-999'],
      [1000, '1,000'],
      [1_250_000, '1,250,000'],
      [1.23456, '1.235'],
    ]);
  });

  it('puts the noun in the plural except for one', () => {
    expect(formatQuantity(1, 'credit')).toBe('1 credit');
    expect(formatQuantity(10, 'credit')).toBe('10 credits');
    expect(formatQuantity(1500, 'request')).toBe('1,500 requests');
  });
});

describe('formatDuration', () => {
  it('writes milliseconds under a second, tenths under ten seconds, whole seconds under a minute, then minutes and hours', () => {
    expectFormats(formatDuration, [
      [0, '0 ms'],
      [42.4, '42 ms'],
      [1_420, '1.4 s'],
      [9_960, '10.0 s'],
      [12_500, '12 s'],
      [125_000, '2 min 5 s'],
      [3_780_000, '1 h 3 min'],
      [-5, '0 ms'],
    ]);
  });
});
