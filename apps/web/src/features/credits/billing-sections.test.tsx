import { type AutoTopUpResponse, BILLING_TEXTS } from '@conduit/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { errorReply, makeUser, mockApi } from '../../test/api-mock.ts';
import { makeAutoTopUp, makePayment, SANDBOX_CARD } from '../../test/credit-fixtures.ts';
import { openCredits } from '../../test/credits-page.ts';
import { recordPageNavigations } from '../../test/page-navigation.ts';
import { renderRoute } from '../../test/render-route.tsx';

const CARD = SANDBOX_CARD;

recordPageNavigations();

const section = async (name: string) => within(await screen.findByRole('region', { name }));

describe('credits: auto top-up section', () => {
  it('without a saved card says how to save one; saving sends the settings and shows the answer', async () => {
    const { api, user } = openCredits({
      'PUT /api/billing/auto-top-up': (call) => ({
        body: makeAutoTopUp({ settings: call.body as AutoTopUpResponse['settings'], card: CARD }),
      }),
    });
    const autoTopUps = await section(BILLING_TEXTS.autoTopUpTitle);
    expect(await autoTopUps.findByText(BILLING_TEXTS.noSavedCard)).toBeInTheDocument();
    await user.click(autoTopUps.getByLabelText('Turn on auto top-up'));
    const threshold = autoTopUps.getByLabelText('When the balance falls under (credits)');
    await user.clear(threshold);
    await user.type(threshold, '250');
    await user.selectOptions(autoTopUps.getByLabelText('Buy this pack'), 'developer');
    await user.click(autoTopUps.getByRole('button', { name: 'Save auto top-up' }));
    expect((await screen.findAllByText(BILLING_TEXTS.autoTopUpSaved)).length).toBeGreaterThan(0);
    expect(api.callsTo('PUT /api/billing/auto-top-up')[0]?.body).toEqual({
      enabled: true,
      threshold: 250,
      package: 'developer',
      monthlyLimit: 3,
    });
    expect(await autoTopUps.findByText('Sandbox card •••• 4242')).toBeInTheDocument();
  });

  it('checks the numbers before sending, and shows the server refusal', async () => {
    const { api, user } = openCredits({
      'PUT /api/billing/auto-top-up': errorReply(400, BILLING_TEXTS.needsSavedCard),
    });
    const autoTopUps = await section(BILLING_TEXTS.autoTopUpTitle);
    const limit = await autoTopUps.findByLabelText('At most, top-ups a month');
    await user.clear(limit);
    await user.type(limit, '0');
    await user.click(autoTopUps.getByRole('button', { name: 'Save auto top-up' }));
    expect(
      await autoTopUps.findByText('Top-ups a month must be a whole number from 1 to 31'),
    ).toBeInTheDocument();
    expect(api.callsTo('PUT /api/billing/auto-top-up')).toHaveLength(0);
    await user.clear(limit);
    await user.type(limit, '2');
    await user.click(autoTopUps.getByRole('button', { name: 'Save auto top-up' }));
    expect(
      await autoTopUps.findByText(BILLING_TEXTS.needsSavedCard, { selector: '[role=alert] *' }),
    ).toBeInTheDocument();
  });

  it('shows the card, this month, the last result and that it was turned off after failures', async () => {
    openCredits({
      'GET /api/billing/auto-top-up': {
        body: makeAutoTopUp({
          settings: { enabled: false, threshold: 50, package: 'starter', monthlyLimit: 2 },
          card: CARD,
          topUpsThisMonth: 1,
          failuresInARow: 3,
          turnedOffAfterFailures: true,
          lastTopUp: {
            paymentId: 'pay_9',
            status: 'failed',
            at: '2026-11-24T09:00:00.000Z',
            credits: 100,
            failureMessage: BILLING_TEXTS.declined,
          },
        }),
      },
    });
    const autoTopUps = await section(BILLING_TEXTS.autoTopUpTitle);
    expect(await autoTopUps.findByText(/three failed charges in a row/)).toBeInTheDocument();
    expect(autoTopUps.getByText('Sandbox card •••• 4242')).toBeInTheDocument();
    expect(autoTopUps.getByText('1 of 2')).toBeInTheDocument();
    expect(autoTopUps.getByText(/Declined on .*Your card was declined\./)).toBeInTheDocument();
    expect(autoTopUps.getByLabelText('Turn on auto top-up')).not.toBeChecked();
  });
});

describe('credits: the saved card', () => {
  it('Remove card asks first, then forgets the card and shows auto top-up off', async () => {
    const { api, user } = openCredits({
      'GET /api/billing/auto-top-up': {
        body: makeAutoTopUp({
          settings: { enabled: true, threshold: 50, package: 'starter', monthlyLimit: 2 },
          card: CARD,
        }),
      },
      'DELETE /api/billing/card': {
        body: makeAutoTopUp({
          settings: { enabled: false, threshold: 50, package: 'starter', monthlyLimit: 2 },
          card: null,
        }),
      },
    });
    const autoTopUps = await section(BILLING_TEXTS.autoTopUpTitle);
    await user.click(await autoTopUps.findByRole('button', { name: BILLING_TEXTS.removeCard }));
    const dialog = within(await screen.findByRole('dialog'));
    expect(dialog.getByText(BILLING_TEXTS.removeCardConfirm)).toBeInTheDocument();
    expect(api.callsTo('DELETE /api/billing/card')).toHaveLength(0);
    await user.click(dialog.getByRole('button', { name: BILLING_TEXTS.removeCard }));
    expect(await autoTopUps.findByText(BILLING_TEXTS.noSavedCard)).toBeInTheDocument();
    expect(api.callsTo('DELETE /api/billing/card')).toHaveLength(1);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(autoTopUps.getByLabelText('Turn on auto top-up')).not.toBeChecked();
    expect(autoTopUps.queryByRole('button', { name: BILLING_TEXTS.removeCard })).not.toBeInTheDocument();
  });

  it('Replace card ticks "Save this card" in the pack picker, whose next purchase saves the new card', async () => {
    const { api, user } = openCredits({
      'GET /api/billing/auto-top-up': { body: makeAutoTopUp({ card: CARD }) },
      'POST /api/payments/create-checkout-session': { body: { url: 'https://checkout.example/cs_1' } },
    });
    const saveCard = await screen.findByLabelText(BILLING_TEXTS.saveCardLabel);
    expect(saveCard).not.toBeChecked();
    const autoTopUps = await section(BILLING_TEXTS.autoTopUpTitle);
    await user.click(await autoTopUps.findByRole('button', { name: BILLING_TEXTS.replaceCard }));
    expect(saveCard).toBeChecked();
    expect(screen.getByText(BILLING_TEXTS.replaceCardHint)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /^Pay / }));
    await waitFor(() =>
      expect(api.callsTo('POST /api/payments/create-checkout-session')[0]?.body).toMatchObject({
        saveCard: true,
      }),
    );
  });
});

describe('credits: billing details and receipts', () => {
  it('saves the billing details; a server refusal is shown in the form', async () => {
    const { api, user } = openCredits({
      'PUT /api/billing/details': (call) =>
        (call.body as { vatId: string }).vatId === 'bad'
          ? errorReply(400, 'VAT ID must start with a two-letter country code, e.g. DE123456789')
          : { body: { details: { ...(call.body as object), company: null, line2: null, vatId: null } } },
    });
    const details = await section(BILLING_TEXTS.detailsTitle);
    await user.type(await details.findByLabelText('Name'), 'Ada Lovelace');
    await user.type(details.getByLabelText('Address'), '1 Engine Street');
    await user.type(details.getByLabelText('City'), 'London');
    await user.type(details.getByLabelText('Country'), 'GB');
    await user.type(details.getByLabelText('VAT ID (optional)'), 'bad');
    await user.click(details.getByRole('button', { name: 'Save billing details' }));
    expect(await details.findByText(/VAT ID must start/)).toBeInTheDocument();
    await user.clear(details.getByLabelText('VAT ID (optional)'));
    await user.click(details.getByRole('button', { name: 'Save billing details' }));
    expect((await screen.findAllByText(BILLING_TEXTS.detailsSaved)).length).toBeGreaterThan(0);
    expect(api.callsTo('PUT /api/billing/details').at(-1)?.body).toMatchObject({
      name: 'Ada Lovelace',
      line1: '1 Engine Street',
      city: 'London',
      country: 'GB',
      vatId: '',
    });
  });

  it('lists how each purchase was paid, and links its receipt', async () => {
    openCredits({
      'GET /api/payments': {
        body: {
          payments: [
            makePayment({ _id: 'pay_2', kind: 'auto_topup', receiptUrl: '/app/credits/receipts/pay_2' }),
            makePayment({
              _id: 'pay_1',
              provider: 'stripe',
              method: 'Visa •••• 4242',
              receiptUrl: 'https://pay.stripe.com/receipts/ch_1',
            }),
            makePayment({
              _id: 'pay_0',
              status: 'failed',
              receiptUrl: null,
              failureMessage: 'Your card was declined.',
            }),
          ],
        },
      },
    });
    const history = await section('Purchase history');
    const rows = await history.findAllByRole('row');
    expect(rows[1]).toHaveTextContent('Sandbox card •••• 4242');
    expect(rows[1]).toHaveTextContent(BILLING_TEXTS.autoTopUp);
    expect(within(rows[1] as HTMLElement).getByRole('link', { name: /Receipt/ })).toHaveAttribute(
      'href',
      '/app/credits/receipts/pay_2',
    );
    expect(rows[2]).toHaveTextContent('Visa •••• 4242');
    expect(rows[2]).toHaveTextContent(BILLING_TEXTS.checkout);
    const stripeLink = within(rows[2] as HTMLElement).getByRole('link', { name: /Receipt/ });
    expect(stripeLink).toHaveAttribute('href', 'https://pay.stripe.com/receipts/ch_1');
    expect(stripeLink).toHaveAttribute('target', '_blank');
    // rows[3] heads the checkouts that were not completed.
    expect(within(rows[4] as HTMLElement).queryByRole('link')).not.toBeInTheDocument();
    expect(rows[4]).toHaveTextContent('Your card was declined.');
  });

  it('the receipt page prints seller, billing details, pack, amount, date, payment id and TEST MODE', async () => {
    mockApi({
      'GET /api/auth/me': { body: { user: makeUser() } },
      'GET /api/billing/receipts/pay_2': {
        body: {
          paymentId: 'pay_2',
          seller: { name: 'Conduit', website: 'https://conduit.example', email: 'support@conduit.dev' },
          billingDetails: {
            name: 'Ada Lovelace',
            company: 'Engines Ltd',
            line1: '1 Engine Street',
            line2: null,
            city: 'London',
            postalCode: 'N1 9GU',
            country: 'GB',
            vatId: 'GB123456789',
          },
          package: 'starter',
          label: 'Starter',
          credits: 100,
          amount: 999,
          currency: 'usd',
          paidAt: '2026-11-24T09:00:00.000Z',
          method: 'Sandbox card •••• 4242',
          kind: 'auto_topup',
          testMode: true,
        },
      },
    });
    renderRoute('/app/credits/receipts/pay_2');
    const receipt = within(await screen.findByRole('article'));
    expect(receipt.getByText(/TEST MODE/)).toBeInTheDocument();
    expect(receipt.getByText('Payment pay_2')).toBeInTheDocument();
    expect(receipt.getByText('Conduit')).toBeInTheDocument();
    expect(receipt.getByText('Engines Ltd')).toBeInTheDocument();
    expect(receipt.getByText('N1 9GU London')).toBeInTheDocument();
    expect(receipt.getByText('VAT ID GB123456789')).toBeInTheDocument();
    expect(receipt.getByText('Starter credit pack (100 credits)')).toBeInTheDocument();
    expect(receipt.getByText('$9.99 USD')).toBeInTheDocument();
    expect(receipt.getByText('Sandbox card •••• 4242')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Print' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: BILLING_TEXTS.downloadPdf })).toHaveAttribute(
      'href',
      '/api/billing/receipts/pay_2/pdf',
    );
  });

  it('a receipt the member may not see says it was not found', async () => {
    mockApi({
      'GET /api/auth/me': { body: { user: makeUser() } },
      'GET /api/billing/receipts/pay_x': errorReply(404, BILLING_TEXTS.receiptNotFound, 'NOT_FOUND'),
    });
    renderRoute('/app/credits/receipts/pay_x');
    expect(await screen.findByText(BILLING_TEXTS.receiptNotFound)).toBeInTheDocument();
  });
});
