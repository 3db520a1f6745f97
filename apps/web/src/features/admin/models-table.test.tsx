import type { AdminModel } from '@conduit/contracts';
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

describe('admin: the Models table under Channels', () => {
  it('lists each model with its price and upstream cost; turning one off and repricing it says what changed', async () => {
    let current = kling;
    const api = mockApi({
      'GET /api/auth/me': { body: { user: makeAdmin() } },
      'GET /api/admin/channels': { body: { channels: [] } },
      'GET /api/admin/models': () => ({ body: { models: [current] } }),
      'PATCH /api/admin/models/kling-2.6': ({ body }) => {
        current = { ...current, ...(body as Partial<AdminModel>) };
        return { body: { model: current } };
      },
    });
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
});
