import { BILLING_TEXTS, PAYMENT_MESSAGES, PAYMENT_TEXTS } from '@conduit/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { type ApiRoutes, deferred, errorReply, makeUser, mockApi, type Reply } from '../../test/api-mock.ts';
import { makeAutoTopUp, makeCredits, makePayment, SANDBOX_CARD } from '../../test/credit-fixtures.ts';
import { renderRoute } from '../../test/render-route.tsx';
import { VERIFYING_PAYMENT } from './credits-page.tsx';

const SESSION_ID = 'cs_test_42';

function returnTo(search: string, routes: ApiRoutes = {}) {
  const api = mockApi({
    'GET /api/auth/me': { body: { user: makeUser() } },
    'GET /api/credits': { body: makeCredits() },
    'GET /api/payments': { body: { payments: [] } },
    ...routes,
  });
  const { router } = renderRoute(`/app/credits${search}`);
  return { api, router };
}

const findNotifications = async () => within(await screen.findByRole('region', { name: 'Notifications' }));

/** The verification answers that 500 credits were added, and the page announces it. */
async function creditAndExpectNotice(verification: { resolve: (reply: Reply) => void }) {
  verification.resolve({
    body: {
      success: true,
      alreadyProcessed: false,
      creditsAdded: 500,
      message: PAYMENT_MESSAGES.credited(500),
    },
  });
  const notices = await findNotifications();
  expect(await notices.findByText(PAYMENT_MESSAGES.credited(500))).toBeInTheDocument();
}

describe('credits: return from the checkout', () => {
  it('verifies the session once, cleans the URL without a reload, announces it and shows the new balance and purchase', async () => {
    let isCredited = false;
    const verification = deferred<Reply>();
    const { api, router } = returnTo(`?success=true&session_id=${SESSION_ID}`, {
      'POST /api/payments/verify-payment': () => verification.promise,
      'GET /api/credits': () => ({
        body: makeCredits(isCredited ? { balance: 520, totalPurchased: 500 } : {}),
      }),
      'GET /api/payments': () => ({ body: { payments: isCredited ? [makePayment()] : [] } }),
    });

    expect(await screen.findByText(VERIFYING_PAYMENT)).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(router.state.location.pathname).toBe('/app/credits');
    expect(router.state.historyAction).toBe('REPLACE');
    expect(await screen.findByRole('region', { name: 'Credits balance' })).toHaveTextContent('20');

    isCredited = true;
    await creditAndExpectNotice(verification);
    await waitFor(() =>
      expect(screen.getByRole('region', { name: 'Credits balance' })).toHaveTextContent('520'),
    );
    const table = within(await screen.findByRole('table', { name: /^Paid/ }));
    expect(table.getByText('Paid')).toBeInTheDocument();
    expect(screen.queryByText(VERIFYING_PAYMENT)).not.toBeInTheDocument();
    // StrictMode mounts the page twice; the session is still verified once.
    expect(api.callsTo('POST /api/payments/verify-payment')).toEqual([
      expect.objectContaining({ body: { sessionId: SESSION_ID } }),
    ]);
  });

  it('shows the new balance even when its first load was still on the way when the payment was credited', async () => {
    const verification = deferred<Reply>();
    const heldLoads: ((reply: Reply) => void)[] = [];
    let isCredited = false;
    const { api } = returnTo(`?success=true&session_id=${SESSION_ID}`, {
      'POST /api/payments/verify-payment': () => verification.promise,
      'GET /api/credits': () => {
        if (isCredited) return { body: makeCredits({ balance: 520, totalPurchased: 500 }) };
        const load = deferred<Reply>();
        heldLoads.push(load.resolve);
        return load.promise;
      },
    });
    await waitFor(() => expect(api.callsTo('POST /api/payments/verify-payment')).toHaveLength(1));
    expect(heldLoads.length).toBeGreaterThan(0);

    isCredited = true;
    await creditAndExpectNotice(verification);
    // Those loads were answered by the server before the credit: they must not be the last word.
    for (const resolve of heldLoads) resolve({ body: makeCredits() });
    await waitFor(() =>
      expect(screen.getByRole('region', { name: 'Credits balance' })).toHaveTextContent('520'),
    );
  });

  it('shows the card saved with the payment in the auto top-up section without a reload', async () => {
    const verification = deferred<Reply>();
    let isCredited = false;
    returnTo(`?success=true&session_id=${SESSION_ID}`, {
      'POST /api/payments/verify-payment': () => verification.promise,
      'GET /api/billing/auto-top-up': () => ({
        body: makeAutoTopUp(isCredited ? { card: SANDBOX_CARD } : {}),
      }),
    });
    const autoTopUps = within(await screen.findByRole('region', { name: BILLING_TEXTS.autoTopUpTitle }));
    expect(await autoTopUps.findByText(BILLING_TEXTS.noSavedCard)).toBeInTheDocument();

    isCredited = true;
    await creditAndExpectNotice(verification);
    expect(await autoTopUps.findByText('Sandbox card •••• 4242')).toBeInTheDocument();
    expect(autoTopUps.queryByText(BILLING_TEXTS.noSavedCard)).not.toBeInTheDocument();
  });

  it.each([
    [
      'the payment is not complete',
      {
        body: { success: false, alreadyProcessed: false, creditsAdded: 0, message: PAYMENT_MESSAGES.notPaid },
      },
    ],
    ['the session is unknown', errorReply(404, PAYMENT_MESSAGES.unknownSession, 'NOT_FOUND')],
    ['the call fails', { status: 500, body: null }],
  ])("says 'Payment Verification Failed' when %s", async (_case, reply) => {
    const { api, router } = returnTo(`?success=true&session_id=${SESSION_ID}`, {
      'POST /api/payments/verify-payment': reply,
    });
    const alert = await (await findNotifications()).findByRole('alert');
    expect(alert).toHaveTextContent(PAYMENT_TEXTS.verifyFailedTitle);
    expect(alert).toHaveTextContent(PAYMENT_TEXTS.verifyFailed);
    expect(router.state.location.search).toBe('');
    expect(api.callsTo('POST /api/payments/verify-payment')).toHaveLength(1);
  });

  it('shows the cancel notice once, cleans the URL and verifies nothing', async () => {
    const { api, router } = returnTo('?canceled=true');
    const notices = await findNotifications();
    expect(await notices.findByText(PAYMENT_TEXTS.canceled)).toBeInTheDocument();
    expect(notices.getAllByRole('status')).toHaveLength(1);
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(router.state.historyAction).toBe('REPLACE');
    expect(await screen.findByRole('region', { name: 'Credits balance' })).toHaveTextContent('20');
    expect(api.callsTo('POST /api/payments/verify-payment')).toHaveLength(0);
  });

  it('does nothing on a plain visit or a success without a session id', async () => {
    const { api, router } = returnTo('?success=true');
    expect(await screen.findByRole('region', { name: 'Credits balance' })).toBeInTheDocument();
    expect(router.state.location.search).toBe('?success=true');
    expect(api.callsTo('POST /api/payments/verify-payment')).toHaveLength(0);
    expect((await findNotifications()).queryByRole('status')).not.toBeInTheDocument();
  });
});
