import type { AdminModel, VariantMargin } from '@conduit/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { makeAdmin } from '../../test/admin-fixtures.ts';
import { mockApi } from '../../test/api-mock.ts';
import { renderRoute } from '../../test/render-route.tsx';

const kling: AdminModel = {
  id: 'kling-2.6',
  service: 'video',
  name: 'Kling 2.6',
  enabled: true,
  credits: 12,
  defaultCredits: 12,
  upstreamMicros: 550_000,
};

const margin = (variant: string, credits: number, cost: number, belowCost: boolean): VariantMargin => ({
  service: 'video',
  model: 'kling-2.6',
  variant,
  label: variant,
  credits,
  upstreamCostUsd: cost,
  revenueUsdAtCheapestPack: credits * 0.063,
  marginPercent: Math.round(((credits * 0.063 - cost) * 1000) / (credits * 0.063)) / 10,
  belowCost,
});

/** The admin API of the Channels tab with one model, `start`, that PATCH changes. */
function mockModelsApi(start: AdminModel) {
  let current = start;
  return mockApi({
    'GET /api/auth/me': { body: { user: makeAdmin() } },
    'GET /api/admin/channels': { body: { channels: [], kieAccounts: [] } },
    'GET /api/admin/models': () => ({ body: { models: [current] } }),
    'GET /api/admin/margins': () => ({
      body: {
        marginFloorPercent: 15,
        data: [
          margin('5s', current.credits, 0.275, false),
          margin('10s-sound', current.credits + 14, 1.1, current.credits < 7),
        ],
      },
    }),
    'PATCH /api/admin/models/kling-2.6': ({ body }) => {
      current = { ...current, ...(body as Partial<AdminModel>) };
      return { body: { model: current } };
    },
  });
}

describe('admin: the Models table under Channels', () => {
  it('lists each model with its price and upstream cost; turning one off and repricing it says what changed', async () => {
    const api = mockModelsApi(kling);
    const user = userEvent.setup();
    renderRoute('/admin?tab=channels');
    const table = within(await screen.findByRole('table', { name: 'Models' }));
    expect(table.getByRole('row', { name: /Kling 2\.6 kling-2\.6/ })).toHaveTextContent('$0.550');

    await user.click(table.getByRole('checkbox', { name: 'Kling 2.6 enabled' }));
    expect(await screen.findByText('Kling 2.6: off, 12 credits.')).toBeInTheDocument();
    expect(api.callsTo('PATCH /api/admin/models/kling-2.6').map((call) => call.body)).toEqual([
      { enabled: false },
    ]);

    const price = await screen.findByRole('spinbutton', { name: 'Kling 2.6 price in credits' });
    await user.clear(price);
    await user.type(price, '20');
    await user.tab();
    expect(await screen.findByText('Kling 2.6: off, 20 credits.')).toBeInTheDocument();
    expect(api.callsTo('PATCH /api/admin/models/kling-2.6').at(-1)?.body).toEqual({ credits: 20 });
  });

  it('shows each variant margin, flags the one below cost, and sends a below-cost price only when accepted', async () => {
    const api = mockModelsApi({ ...kling, credits: 6 });
    const user = userEvent.setup();
    renderRoute('/admin?tab=channels');
    const margins = within(await screen.findByRole('table', { name: 'Margins per variant' }));
    expect(margins.getByRole('row', { name: /kling-2\.6 10s-sound/ })).toHaveTextContent('below cost');
    expect(margins.getByRole('row', { name: /kling-2\.6 5s/ })).not.toHaveTextContent('below cost');

    await user.click(screen.getByRole('checkbox', { name: 'Accept prices below cost (saved and audited)' }));
    const price = await screen.findByRole('spinbutton', { name: 'Kling 2.6 price in credits' });
    await user.clear(price);
    await user.type(price, '5');
    await user.tab();
    expect(await screen.findByText('Kling 2.6: on, 5 credits.')).toBeInTheDocument();
    expect(api.callsTo('PATCH /api/admin/models/kling-2.6').at(-1)?.body).toEqual({
      credits: 5,
      acceptBelowCost: true,
    });
  });
});
