import { describe, expect, it } from 'vitest';
import { formatCount, formatDuration, formatQuantity } from './format.ts';

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

describe('formatDuration', () => {
  it('writes milliseconds under a second, tenths under ten seconds, whole seconds under a minute, then minutes and hours', () => {
    expect(formatDuration(0)).toBe('0 ms');
    expect(formatDuration(42.4)).toBe('42 ms');
    expect(formatDuration(1_420)).toBe('1.4 s');
    expect(formatDuration(9_960)).toBe('10.0 s');
    expect(formatDuration(12_500)).toBe('12 s');
    expect(formatDuration(125_000)).toBe('2 min 5 s');
    expect(formatDuration(3_780_000)).toBe('1 h 3 min');
    expect(formatDuration(-5)).toBe('0 ms');
  });
});
