import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect, vi } from 'vitest';
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

/**
 * An auth form's checks on submit, in order. Empty fields disable its button; a submit by other
 * means (Enter in a browser without the disabled-button rule, a script) still meets the checks:
 * each step submits, expects its `alert`, then (if it names a field) types `text` into the field
 * labelled `label`, which clears the alert.
 */
export async function expectSubmitChecks(
  { user, dialog }: Awaited<ReturnType<typeof openAuthDialog>>,
  formName: string,
  steps: { alert: string; label?: string; text?: string }[],
) {
  const form = dialog.getByRole('form', { name: formName });
  for (const { alert, label, text } of steps) {
    fireEvent.submit(form);
    expect(dialog.getByRole('alert')).toHaveTextContent(alert);
    if (label === undefined || text === undefined) continue;
    await user.type(dialog.getByLabelText(label), text);
    expect(dialog.queryByRole('alert')).not.toBeInTheDocument();
  }
}

/**
 * A mailed link's page opened without its token (`path` with no query): it says `text` under
 * `heading` at once, and never calls `route`.
 */
export async function expectNoTokenPage(path: string, heading: string, text: string, route: string) {
  const api = mockApi();
  renderRoute(path);
  expect(await screen.findByRole('heading', { name: heading })).toBeInTheDocument();
  expect(screen.getByText(text)).toBeInTheDocument();
  expect(api.callsTo(route)).toHaveLength(0);
}
