import { describe, expect, it } from 'vitest';
import { formatCount, formatQuantity } from './format.ts';

describe('formatCount', () => {
  it('groups thousands, and writes small whole numbers and fractions as the formatter does', () => {
    expect(formatCount(0)).toBe('0');
    expect(formatCount(999)).toBe('999');
    expect(formatCount(-999)).toBe('-999');
    expect(formatCount(1000)).toBe('1,000');
    expect(formatCount(1_250_000)).toBe('1,250,000');
    expect(formatCount(1.23456)).toBe('1.235');
  });

  it('puts the noun in the plural except for one', () => {
    expect(formatQuantity(1, 'credit')).toBe('1 credit');
    expect(formatQuantity(10, 'credit')).toBe('10 credits');
    expect(formatQuantity(1500, 'request')).toBe('1,500 requests');
  });
});
