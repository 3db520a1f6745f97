/**
 * The greeting (docs/product.md, "Signed-in area"): morning before 12, afternoon before 18, else
 * evening (local time).
 */
export function greetingFor(date: Date): string {
  const hour = date.getHours();
  if (hour < 12) return 'Good morning';
  if (hour < 18) return 'Good afternoon';
  return 'Good evening';
}
