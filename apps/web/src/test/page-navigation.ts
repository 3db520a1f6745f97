import { afterEach, beforeEach, type MockInstance, vi } from 'vitest';
import { pageLocation } from '../lib/page-location.ts';

/**
 * Full-page navigations (to Stripe's checkout and back) recorded instead of made, for each test
 * of the file: `navigations()` is this test's record.
 */
export function recordPageNavigations() {
  let assign: MockInstance<typeof pageLocation.assign> | undefined;
  beforeEach(() => {
    assign = vi.spyOn(pageLocation, 'assign').mockImplementation(() => undefined);
  });
  afterEach(() => {
    assign?.mockRestore();
  });
  return () => {
    if (!assign) throw new Error('navigations are recorded inside a test');
    return assign;
  };
}
