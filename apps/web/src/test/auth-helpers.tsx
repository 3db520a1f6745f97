import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { vi } from 'vitest';
import { type ApiRoutes, mockApi } from './api-mock.ts';
import { renderRoute } from './render-route.tsx';

/** Renders the landing page, opens the sign-in or sign-up modal from the header and returns it. */
export async function openAuthDialog(
  view: 'login' | 'signup',
  routes: ApiRoutes = {},
  hasFakeTimers = false,
) {
  const api = mockApi(routes);
  const user = userEvent.setup(hasFakeTimers ? { advanceTimers: vi.advanceTimersByTime } : {});
  const { router } = renderRoute('/');
  const opener = screen.getByRole('button', { name: view === 'login' ? 'Sign in' : 'Get started' });
  await user.click(opener);
  const name = view === 'login' ? 'Sign in to Conduit' : 'Create your account';
  const dialog = within(await screen.findByRole('dialog', { name }));
  return { api, user, router, dialog };
}

/** The text that describes a field (its error or help), read through aria-describedby. */
export function descriptionOf(field: HTMLElement) {
  const id = field.getAttribute('aria-describedby');
  return id ? (document.getElementById(id)?.textContent ?? '') : '';
}
