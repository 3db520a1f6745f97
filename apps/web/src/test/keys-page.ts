import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { vi } from 'vitest';
import { type ApiRoutes, errorReply, makeUser, mockApi, type Reply } from './api-mock.ts';
import { makeKey, makeKeysResponse } from './fixtures.ts';
import { renderRoute } from './render-route.tsx';

export const PRODUCTION = makeKey();
export const STAGING = makeKey({
  _id: 'key_2',
  keyName: 'Staging',
  keyValue: 'cdt_live_fedcba9876543210',
  lastUsedAt: '2026-01-06T12:00:00.000Z',
  lastUsedIp: '203.0.113.7',
});

/** /app/api-keys signed in, listing PRODUCTION and STAGING unless `routes` answer otherwise. */
export async function openKeys(routes: ApiRoutes = {}, hasFakeTimers = false) {
  const api = mockApi({
    'GET /api/auth/me': { body: { user: makeUser() } },
    'GET /api/keys': { body: makeKeysResponse([PRODUCTION, STAGING]) },
    ...routes,
  });
  const user = userEvent.setup(hasFakeTimers ? { advanceTimers: vi.advanceTimersByTime } : {});
  renderRoute('/app/api-keys');
  await screen.findByRole('heading', { level: 1, name: 'API Keys' });
  return { api, user };
}

/** The table row a key's name heads. */
export const keyRow = async (name: string) =>
  within((await screen.findByRole('rowheader', { name })).closest('tr') as HTMLElement);

/** A key action's two failures: the server's own message, and `fallback` when the answer has none. */
export const keyFailures = (fallback: string): [string, Reply, string][] => [
  ['the server message', errorReply(404, 'API key not found', 'NOT_FOUND'), 'API key not found'],
  ['the fallback', { status: 502, body: null }, fallback],
];

/** /app/api-keys with `routes`, and the dialog `button` (a key row's action) opens. */
export async function openKeyDialog(routes: ApiRoutes, button: string, dialog: string) {
  const { user } = await openKeys(routes);
  await user.click(await screen.findByRole('button', { name: button }));
  return { user, dialog: within(screen.getByRole('dialog', { name: dialog })) };
}
