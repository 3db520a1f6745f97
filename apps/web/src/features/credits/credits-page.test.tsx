import { BILLING_TEXTS, PAYMENT_MESSAGES, PAYMENT_TEXTS } from '@conduit/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { deferred, errorReply, failingUntilRecovered, type Reply } from '../../test/api-mock.ts';
import { makeCredits, makePayment } from '../../test/credit-fixtures.ts';
import { openCredits } from '../../test/credits-page.ts';
import { recordPageNavigations } from '../../test/page-navigation.ts';
import { HISTORY_EMPTY, HISTORY_LOAD_FAILED } from './purchase-history.tsx';

const CHECKOUT_URL = 'https://checkout.stripe.com/c/pay/cs_test_1';

const notifications = () => within(screen.getByRole('region', { name: 'Notifications' }));

const navigations = recordPageNavigations();

describe('credits: balance, packs and costs', () => {
  it('shows balance, purchased and used, and that credits never expire', async () => {
    openCredits({
      'GET /api/credits': { body: makeCredits({ balance: 1520, totalPurchased: 1500, totalUsed: 0 }) },
    });
    const balance = await screen.findByRole('region', { name: 'Credits balance' });
    expect(balance).toHaveTextContent('1,520');
    expect(balance).toHaveTextContent(PAYMENT_TEXTS.neverExpire);
    expect(screen.getByRole('region', { name: 'Credits purchased' })).toHaveTextContent('1,500');
    expect(screen.getByRole('region', { name: 'Credits used' })).toHaveTextContent('0');
  });

  it('offers every server pack with its dollar price, price per credit and badges; the popular one is chosen', async () => {
    openCredits();
    const packs = await screen.findAllByRole('radio');
    expect(packs.map((radio) => (radio as HTMLInputElement).value)).toEqual([
      'starter',
      'developer',
      'pro',
      'large',
      'enterprise',
    ]);
    const card = (name: string) =>
      within(document.querySelector(`label[data-pack="${name.toLowerCase()}"]`) as HTMLElement);
    expect(card('Starter').getByText('$9.99')).toBeInTheDocument();
    expect(card('Starter').getByText('100 credits')).toBeInTheDocument();
    expect(card('Starter').getByText('$0.10 per credit')).toBeInTheDocument();
    expect(card('Developer').getByText('Most popular')).toBeInTheDocument();
    expect(card('Developer').getByText('$0.08 per credit')).toBeInTheDocument();
    // Per credit to the hundredth of a cent where the cent would hide the saving (Large is not Pro's $0.07).
    expect(card('Pro').getByText('$0.07 per credit')).toBeInTheDocument();
    expect(card('Large').getByText('$0.0665 per credit')).toBeInTheDocument();
    expect(card('Enterprise').getByText('$0.063 per credit')).toBeInTheDocument();
    expect(card('Large').getByText('Save 5% vs Pro')).toBeInTheDocument();
    expect(card('Developer').getByText('19% less per credit than Starter')).toBeInTheDocument();
    expect(card('Large').getByText('33% less per credit than Starter')).toBeInTheDocument();
    expect(card('Starter').queryByText(/less per credit/)).not.toBeInTheDocument();
    expect(card('Large').getByText('$166.25')).toBeInTheDocument();
    expect(card('Enterprise').getByText('Save 10% vs Pro')).toBeInTheDocument();
    expect(card('Enterprise').getByText('$630.00')).toBeInTheDocument();
    expect(card('Enterprise').getByText('10,000 credits')).toBeInTheDocument();
    expect(card('Pro').queryByText(/^Save/)).not.toBeInTheDocument();
    expect(screen.getByRole('radio', { name: /Developer/ })).toBeChecked();
    expect(screen.getByRole('button', { name: 'Pay $39.99' })).toBeInTheDocument();
  });

  it('opens with the pack a pricing card asked for', async () => {
    openCredits({}, '/app/credits?pack=large');
    expect(await screen.findByRole('radio', { name: 'Large' })).toBeChecked();
    expect(screen.getByRole('radio', { name: 'Large' })).toHaveAccessibleDescription(
      /Save 5% vs Pro.*\$166\.25.*\$0\.0665 per credit.*33% less per credit than Starter/,
    );
    expect(screen.getByRole('button', { name: 'Pay $166.25' })).toBeInTheDocument();
  });

  it('shows what each service costs and what was spent on it', async () => {
    openCredits({
      'GET /api/credits': {
        body: makeCredits({
          usageStats: {
            imageGeneration: { requests: 0, credits: 0 },
            videoGeneration: { requests: 1, credits: 10 },
            soraWatermarkRemover: { requests: 0, credits: 0 },
            linkedinScraping: { requests: 3, credits: 6 },
          },
        }),
      },
    });
    const linkedin = within(await screen.findByRole('region', { name: 'LinkedIn scraping' }));
    expect(linkedin.getByText('2 credits')).toBeInTheDocument();
    expect(linkedin.getByText('per request')).toBeInTheDocument();
    expect(linkedin.getByText('3 requests, 6 credits spent')).toBeInTheDocument();
    const video = within(screen.getByRole('region', { name: 'Video generation' }));
    expect(video.getByText('10 credits')).toBeInTheDocument();
    expect(video.getByText('per video')).toBeInTheDocument();
    expect(
      within(screen.getByRole('region', { name: 'Image generation' })).getByText('1 credit'),
    ).toBeInTheDocument();
    expect(
      within(screen.getByRole('region', { name: 'Sora watermark removal' })).getByText('per video'),
    ).toBeInTheDocument();
  });
});

describe('credits: load errors', () => {
  it.each([
    [401, PAYMENT_TEXTS.loadUnauthorized],
    [403, PAYMENT_TEXTS.loadForbidden],
  ])('a %i reads its own text, without a Retry', async (status, text) => {
    openCredits({ 'GET /api/credits': errorReply(status, 'Nope', 'UNAUTHORIZED') });
    expect(await screen.findByText(text)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Retry' })).not.toBeInTheDocument();
    expect(screen.queryByRole('radio')).not.toBeInTheDocument();
  });

  it("any other failure reads 'Failed to load credit information', and Retry loads again", async () => {
    const credits = failingUntilRecovered(makeCredits(), errorReply(404, 'Not found', 'NOT_FOUND'));
    const { user } = openCredits({ 'GET /api/credits': credits.reply });
    expect(await screen.findByText(PAYMENT_TEXTS.loadFailed)).toBeInTheDocument();
    credits.recover();
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('region', { name: 'Credits balance' })).toHaveTextContent('20');
  });
});

describe('credits: checkout', () => {
  it("sends the chosen pack, reads 'Processing...' meanwhile, then goes to the checkout URL", async () => {
    const pending = deferred<Reply>();
    const { api, user } = openCredits({
      'POST /api/payments/create-checkout-session': () => pending.promise,
    });
    await user.click(await screen.findByRole('radio', { name: /Enterprise/ }));
    await user.click(screen.getByRole('button', { name: 'Pay $630.00' }));

    const button = screen.getByRole('button', { name: PAYMENT_TEXTS.processing });
    expect(button).toBeDisabled();
    expect(screen.getByRole('radio', { name: /Starter/ })).toBeDisabled();
    expect(api.callsTo('POST /api/payments/create-checkout-session')[0]?.body).toEqual({
      package: 'enterprise',
    });
    expect(navigations()).not.toHaveBeenCalled();

    pending.resolve({ body: { url: CHECKOUT_URL } });
    await waitFor(() => expect(navigations()).toHaveBeenCalledWith(CHECKOUT_URL));
    expect(navigations()).toHaveBeenCalledTimes(1);
    // The page is being left: the button stays busy until it is gone.
    expect(screen.getByRole('button', { name: PAYMENT_TEXTS.processing })).toBeDisabled();
  });

  it.each([
    ['no URL comes back', { body: { url: '' } }, undefined],
    ['the call fails', { status: 500, body: null }, undefined],
    [
      'payments are unavailable',
      errorReply(503, PAYMENT_MESSAGES.unavailable, 'SERVICE_UNAVAILABLE'),
      PAYMENT_MESSAGES.unavailable,
    ],
  ])("says 'Failed to start payment process' when %s", async (_case, reply, serverText) => {
    const { user } = openCredits({ 'POST /api/payments/create-checkout-session': reply });
    await user.click(await screen.findByRole('button', { name: 'Pay $39.99' }));

    const alert = await notifications().findByRole('alert');
    expect(alert).toHaveTextContent(PAYMENT_TEXTS.checkoutFailed);
    if (serverText) expect(alert).toHaveTextContent(serverText);
    expect(screen.getByRole('button', { name: 'Pay $39.99' })).toBeEnabled();
    expect(navigations()).not.toHaveBeenCalled();
  });
});

describe('credits: purchase history', () => {
  it('lists paid purchases apart from checkouts that were not completed, with date, package, credits, amount and status', async () => {
    openCredits({
      'GET /api/payments': {
        body: {
          payments: [
            makePayment({ _id: 'pay_2', package: 'large', credits: 2500, amount: 16625, status: 'pending' }),
            makePayment({ _id: 'pay_1', createdAt: '2026-01-05T10:00:00.000Z' }),
            makePayment({ _id: 'pay_0', package: 'starter', credits: 100, amount: 999, status: 'canceled' }),
          ],
        },
      },
    });
    // Paid purchases first; checkouts that never became a charge apart, below.
    const rowsOf = async (name: RegExp) =>
      within(await screen.findByRole('table', { name }))
        .getAllByRole('row')
        .slice(1)
        .map((row) => within(row));
    const paid = await rowsOf(/^Paid \(1\)/);
    expect(paid).toHaveLength(1);
    expect(paid[0]?.getByText('Developer')).toBeInTheDocument();
    expect(paid[0]?.getByText('$39.99')).toBeInTheDocument();
    expect(paid[0]?.getByText('Paid')).toBeInTheDocument();
    expect(paid[0]?.getByText(/Jan 5, 2026/)).toBeInTheDocument();
    const unpaid = await rowsOf(/^Not completed \(2\)/);
    expect(unpaid).toHaveLength(2);
    expect(unpaid[0]?.getByText('Large')).toBeInTheDocument();
    expect(unpaid[0]?.getByText('2,500')).toBeInTheDocument();
    expect(unpaid[0]?.getByText('$166.25')).toBeInTheDocument();
    expect(unpaid[0]?.getByText('Pending')).toBeInTheDocument();
    expect(unpaid[1]?.getByText('Canceled')).toBeInTheDocument();
    expect(screen.getByText(BILLING_TEXTS.unpaidCheckoutsSummary)).toBeInTheDocument();
  });

  it('says when there are no purchases yet', async () => {
    openCredits();
    expect(await screen.findByText(HISTORY_EMPTY)).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('says when the history fails to load, and Retry loads it', async () => {
    const payments = failingUntilRecovered({ payments: [makePayment()] });
    const { user } = openCredits({ 'GET /api/payments': payments.reply });
    expect(await screen.findByText(HISTORY_LOAD_FAILED)).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Credits balance' })).toBeInTheDocument();
    payments.recover();
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('table', { name: /^Paid/ })).toBeInTheDocument();
  });
});
