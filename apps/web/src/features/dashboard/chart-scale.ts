/** Whole-number grid lines for counts: steps of 1, 2 or 5 times a power of ten, about four of them. */
export function integerTicks(max: number, lines = 4): number[] {
  const rough = Math.max(1, max / lines);
  const power = 10 ** Math.floor(Math.log10(rough));
  const step = ([1, 2, 5, 10].find((factor) => factor * power >= rough) ?? 10) * power;
  // Small counts keep a few lines (0 to 4), so one call does not fill the whole height.
  const top = Math.max(Math.ceil(max / step) * step, max <= lines ? lines : step);
  return Array.from({ length: top / step + 1 }, (_, index) => index * step);
}

const SHORT_DAY = new Map<string, string>();
/** "Nov 21" for "2026-11-21" (a calendar day, not a moment: no time zone shifts it). */
export function shortDay(date: string): string {
  let label = SHORT_DAY.get(date);
  if (!label) {
    label = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' }).format(
      new Date(`${date}T00:00:00Z`),
    );
    SHORT_DAY.set(date, label);
  }
  return label;
}

/** "November 2026" for "2026-11". */
export const monthName = (month: string) =>
  new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${month}-01T00:00:00Z`),
  );
