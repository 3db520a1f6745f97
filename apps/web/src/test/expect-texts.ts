import type { screen } from '@testing-library/react';
import { expect } from 'vitest';

/** Each of `texts` stands in `scope` (a row, a region, the page), once. */
export function expectTexts(scope: Pick<typeof screen, 'getByText'> | undefined, texts: readonly string[]) {
  for (const text of texts) expect(scope?.getByText(text)).toBeInTheDocument();
}
