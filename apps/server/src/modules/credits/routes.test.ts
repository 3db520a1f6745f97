import { CREDIT_PACKAGES } from '@conduit/contracts';
import { describe, expect, it } from 'vitest';
import { useTestRuntime } from '../../../test/test-runtime.ts';

describe('GET /api/credits/packages', () => {
  const runtime = useTestRuntime();

  it('lists every pack in integer cents without signing in', async () => {
    const response = await runtime.app.inject({ method: 'GET', url: '/api/credits/packages' });
    expect(response.statusCode).toBe(200);
    const { packages } = response.json();
    expect(Object.keys(packages)).toEqual(['starter', 'developer', 'pro', 'large', 'enterprise']);
    expect(packages.starter).toMatchObject({ price: 999, credits: 100 });
    expect(packages.developer).toMatchObject({ price: 3999, credits: 500, popular: true });
    expect(packages.pro).toMatchObject({ price: 6999, credits: 1000 });
    expect(packages.large).toMatchObject({ savingsPercent: 5 });
    expect(packages.enterprise).toMatchObject({ savingsPercent: 10 });
    expect(packages).toEqual(CREDIT_PACKAGES);
  });

  it('prices large and enterprise at the pro rate less their badge', () => {
    const proCentsPerCredit = CREDIT_PACKAGES.pro.price / CREDIT_PACKAGES.pro.credits;
    for (const pack of [CREDIT_PACKAGES.large, CREDIT_PACKAGES.enterprise]) {
      const expected = Math.round(pack.credits * proCentsPerCredit * (1 - pack.savingsPercent / 100));
      expect(Math.abs(pack.price - expected)).toBeLessThanOrEqual(pack.credits / 1000);
      expect(Number.isInteger(pack.price)).toBe(true);
    }
  });
});
