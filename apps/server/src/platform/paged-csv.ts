/** One CSV cell: quoted when it must be, and never a formula a spreadsheet would run. */
export const csvCell = (value: string | number) => {
  const text = String(value);
  // A leading =, +, - or @ would run as a formula in a spreadsheet: quote it as text.
  const safe = /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
  return /[",\n\r]/.test(safe) || safe !== text ? `"${safe.replace(/"/g, '""')}"` : safe;
};

/**
 * A list as CSV, newest first, read in pages (`page` answers the one after `cursor`) so memory
 * stays flat: the header line, then a line of `row`'s cells for each item.
 */
export async function* pagedCsv<Item>(
  columns: readonly string[],
  page: (cursor: string | undefined) => Promise<{ items: Item[]; nextCursor: string | null }>,
  row: (item: Item) => (string | number)[],
): AsyncGenerator<string> {
  yield `${columns.join(',')}\n`;
  let cursor: string | undefined;
  do {
    const next = await page(cursor);
    yield next.items.map((item) => `${row(item).map(csvCell).join(',')}\n`).join('');
    cursor = next.nextCursor ?? undefined;
  } while (cursor);
}
