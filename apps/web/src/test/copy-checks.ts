import { KEY_TEXTS } from '@conduit/contracts';
import { act, type within } from '@testing-library/react';
import { expect, vi } from 'vitest';
import { COPIED_TEXT } from '../components/ui/copy-button.tsx';

type Scope = ReturnType<typeof within>;

/** Just after a copy (fake timers): the status in `scope` says 'Copied!' for 2 seconds, then empties. */
export async function expectCopiedForTwoSeconds(scope: Scope) {
  expect(scope.getByRole('status')).toHaveTextContent(COPIED_TEXT);
  await act(() => vi.advanceTimersByTimeAsync(1_800));
  expect(scope.getByRole('status')).toHaveTextContent(COPIED_TEXT);
  await act(() => vi.advanceTimersByTimeAsync(400));
  expect(scope.getByRole('status')).toBeEmptyDOMElement();
}

/** The browser refuses to write to the clipboard. */
export function refuseClipboard() {
  vi.spyOn(navigator.clipboard, 'writeText').mockRejectedValue(new DOMException('Denied', 'NotAllowedError'));
}

/** After a refused copy: `scope` says 'Failed to copy to clipboard', and never 'Copied!'. */
export async function expectCopyFailed(scope: Scope) {
  expect(await scope.findByText(KEY_TEXTS.copyFailed)).toBeInTheDocument();
  expect(scope.queryByText(COPIED_TEXT)).not.toBeInTheDocument();
}
