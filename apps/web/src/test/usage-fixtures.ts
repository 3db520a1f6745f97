import type { DailyUsageDay, DailyUsageResponse } from '@conduit/contracts';

const zeros = () => ({ image: 0, video: 0, sora: 0, linkedin: 0 });

/** 30 days ending 2026-11-30 with the given days' figures filled in. */
export function makeDailyUsage(
  filled: Record<
    string,
    { calls?: Partial<DailyUsageDay['calls']>; credits?: Partial<DailyUsageDay['credits']> }
  > = {},
  thisMonth = { month: '2026-11', calls: 0, credits: 0 },
): DailyUsageResponse {
  const days = Array.from({ length: 30 }, (_, index) => {
    const date = `2026-11-${String(index + 1).padStart(2, '0')}`;
    return {
      date,
      calls: { ...zeros(), ...filled[date]?.calls },
      credits: { ...zeros(), ...filled[date]?.credits },
    };
  });
  return { timeZone: 'UTC', days, thisMonth };
}
