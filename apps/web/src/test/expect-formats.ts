import { expect } from 'vitest';

/** Each value, formatted, reads as its text: one call checks a formatter's table of cases. */
export function expectFormats<T, R = string>(format: (value: T) => R, cases: ReadonlyArray<readonly [T, R]>) {
  for (const [value, text] of cases) expect(format(value), `${format.name}(${String(value)})`).toBe(text);
}
