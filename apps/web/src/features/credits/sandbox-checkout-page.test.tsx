import { PAYMENT_TEXTS } from '@conduit/contracts';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { type ApiRoutes, deferred, errorReply, makeUser, mockApi, type Reply } from '../../test/api-mock.ts';
import { makeSandboxCheckout } from '../../test/credit-fixtures.ts';
import { recordPageNavigations } from '../../test/page-navigation.ts';
import { renderRoute } from '../../test/render-route.tsx';
import { CANCELING, SANDBOX_DECISION_FAILED } from './sandbox-checkout-card.tsx';
import { TEST_MODE_BANNER } from './sandbox-checkout-page.tsx';
import { SANDBOX_TEXTS } from './sandbox-checkout-states.tsx';

const SESSION = 'cs_sandbox_1';
const SESSION_PATH = `/api/payments/sandbox/${SESSION}`;
const SUCCESS_URL = `http://localhost/app/credits?success=true&session_id=${SESSION}`;
const CANCEL_URL = 'http://localhost/app/credits?canceled=true';

function openSandbox(routes: ApiRoutes = {}) {
  const api = mockApi({
    'GET /api/auth/me': { body: { user: makeUser() } },
    [`GET ${SESSION_PATH}`]: { body: makeSandboxCheckout() },
    ...routes,
  });
  const user = userEvent.setup();
  const { router } = renderRoute(`/sandbox-checkout/${SESSION}`);
  return { api, user, router };
}

/** The value beside a term of the order summary. */
const detail = (term: string) => screen.getByText(term, { selector: 'dt' }).nextElementSibling?.textContent;

const navigations = recordPageNavigations();

describe('sandbox checkout', () => {
  it('is marked TEST MODE and shows the pack, its credits and the amount', async () => {
    openSandbox();
    expect(await screen.findByText(TEST_MODE_BANNER)).toBeInTheDocument();
    await screen.findByRole('button', { name: 'Pay $39.99' });
    expect(detail('Package')).toBe('Developer');
    expect(detail('Credits')).toBe('500');
    expect(detail('Amount')).toBe('$39.99 USD');
    expect(detail('Account')).toBe('ada@example.com');
    expect(screen.getByRole('heading', { level: 1, name: '$39.99' })).toBeInTheDocument();
  });

  it("pays: 'Processing...' while the call runs, then the browser goes where the server says", async () => {
    const pending = deferred<Reply>();
    const { api, user } = openSandbox({ [`POST ${SESSION_PATH}/pay`]: () => pending.promise });
    await user.click(await screen.findByRole('button', { name: 'Pay $39.99' }));
    expect(screen.getByRole('button', { name: PAYMENT_TEXTS.processing })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeDisabled();
    pending.resolve({ body: { redirectUrl: SUCCESS_URL } });
    await waitFor(() => expect(navigations()).toHaveBeenCalledWith(SUCCESS_URL));
    expect(api.callsTo(`POST ${SESSION_PATH}/pay`)).toHaveLength(1);
    expect(api.callsTo(`POST ${SESSION_PATH}/cancel`)).toHaveLength(0);
  });

  it('cancels, then the browser goes where the server says', async () => {
    const pending = deferred<Reply>();
    const { api, user } = openSandbox({ [`POST ${SESSION_PATH}/cancel`]: () => pending.promise });
    await user.click(await screen.findByRole('button', { name: 'Cancel' }));
    expect(screen.getByRole('button', { name: CANCELING })).toBeDisabled();
    pending.resolve({ body: { redirectUrl: CANCEL_URL } });
    await waitFor(() => expect(navigations()).toHaveBeenCalledWith(CANCEL_URL));
    expect(api.callsTo(`POST ${SESSION_PATH}/pay`)).toHaveLength(0);
  });

  it.each([
    ['complete', SANDBOX_TEXTS.completeTitle],
    ['expired', SANDBOX_TEXTS.expiredTitle],
  ] as const)('a %s session cannot be paid and links back to /app/credits', async (status, title) => {
    openSandbox({ [`GET ${SESSION_PATH}`]: { body: makeSandboxCheckout({ status }) } });
    expect(await screen.findByRole('heading', { level: 1, name: title })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Pay/ })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: SANDBOX_TEXTS.backToCredits })).toHaveAttribute(
      'href',
      '/app/credits',
    );
    expect(screen.getByText(TEST_MODE_BANNER)).toBeInTheDocument();
  });

  it('says when the session is unknown', async () => {
    openSandbox({ [`GET ${SESSION_PATH}`]: errorReply(404, 'Unknown checkout session', 'NOT_FOUND') });
    expect(
      await screen.findByRole('heading', { level: 1, name: SANDBOX_TEXTS.notFoundTitle }),
    ).toBeInTheDocument();
    expect(screen.getByText(SANDBOX_TEXTS.notFound)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: SANDBOX_TEXTS.backToCredits })).toHaveAttribute(
      'href',
      '/app/credits',
    );
  });

  it('shows why a payment failed, and Pay works again', async () => {
    const { user } = openSandbox({ [`POST ${SESSION_PATH}/pay`]: { status: 502, body: null } });
    await user.click(await screen.findByRole('button', { name: 'Pay $39.99' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(SANDBOX_DECISION_FAILED);
    expect(screen.getByRole('button', { name: 'Pay $39.99' })).toBeEnabled();
    expect(navigations()).not.toHaveBeenCalled();
  });

  it('after a refused payment, shows the session as it now stands', async () => {
    let status: 'open' | 'expired' = 'open';
    const { user } = openSandbox({
      [`GET ${SESSION_PATH}`]: () => ({ body: makeSandboxCheckout({ status }) }),
      [`POST ${SESSION_PATH}/pay`]: () => {
        status = 'expired';
        return errorReply(409, 'This checkout session has expired', 'CONFLICT');
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Pay $39.99' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: SANDBOX_TEXTS.expiredTitle }),
    ).toBeInTheDocument();
    expect(navigations()).not.toHaveBeenCalled();
  });

  it('sends a signed-out visitor to the landing page', async () => {
    const { api, router } = openSandbox({
      'GET /api/auth/me': errorReply(401, 'Not signed in', 'UNAUTHORIZED'),
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(api.callsTo(`GET ${SESSION_PATH}`)).toHaveLength(0);
  });
});
