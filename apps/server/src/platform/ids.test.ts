import { describe, expect, it } from 'vitest';
import { newId } from './ids.ts';

describe('newId', () => {
  it('is the prefix and 16 base36 characters, unique across many refills of the random pool', () => {
    const ids = Array.from({ length: 5_000 }, () => newId('task'));
    for (const id of ids) expect(id).toMatch(/^task_[0-9a-z]{16}$/);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('uses every character of the alphabet, so the ids carry their full randomness', () => {
    const seen = new Set(Array.from({ length: 2_000 }, () => newId('x').slice(2)).join(''));
    expect(seen.size).toBe(36);
  });

  it('makes ids of other lengths', () => {
    expect(newId('wl', 24)).toMatch(/^wl_[0-9a-z]{24}$/);
  });
});
