import type { screen } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { expect } from 'vitest';
import { REPLY_REQUIRED } from '../features/support/reply-form.tsx';
import type { mockApi } from './api-mock.ts';

type Scope = Pick<typeof screen, 'findByRole' | 'getByRole' | 'getByLabelText'>;

/**
 * In `scope` (the page, or the list the ticket is in): opens the "Video stuck" ticket, checks that
 * a blank reply is refused without a call to `route`, then types `typed` and sends it. Returns
 * the ticket's toggle, whose summary the sent reply changes.
 */
export async function sendReply(
  scope: Scope,
  { user, api }: { user: UserEvent; api: ReturnType<typeof mockApi> },
  route: string,
  typed: string,
) {
  const toggle = await scope.findByRole('button', { name: /Video stuck/ });
  await user.click(toggle);
  await user.click(scope.getByRole('button', { name: 'Send reply' }));
  expect(scope.getByRole('alert')).toHaveTextContent(REPLY_REQUIRED);
  expect(api.callsTo(route)).toHaveLength(0);

  await user.type(scope.getByLabelText('Reply'), typed);
  await user.click(scope.getByRole('button', { name: 'Send reply' }));
  return toggle;
}
