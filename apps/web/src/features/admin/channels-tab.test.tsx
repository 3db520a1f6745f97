import type { AdminChannel } from '@conduit/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { makeAdmin } from '../../test/admin-fixtures.ts';
import { mockApi } from '../../test/api-mock.ts';
import { renderRoute } from '../../test/render-route.tsx';

const FAL_VIDEO: AdminChannel = {
  id: 'fal:video',
  service: 'video',
  upstream: 'fal',
  enabled: true,
  priority: 20,
  calls: 0,
  errorRate: 0,
  p50Ms: null,
  p95Ms: null,
  circuit: 'closed',
  consecutiveFailures: 0,
  upstreamBalance: null,
  marginFloorPercent: 0,
};

describe('admin: the channels table', () => {
  it("sets a fallback's margin floor and says what changed", async () => {
    let current = FAL_VIDEO;
    const api = mockApi({
      'GET /api/auth/me': { body: { user: makeAdmin() } },
      'GET /api/admin/channels': () => ({ body: { channels: [current] } }),
      'GET /api/admin/models': { body: { models: [] } },
      'PATCH /api/admin/channels/fal%3Avideo': ({ body }) => {
        current = { ...current, ...(body as Partial<AdminChannel>) };
        return { body: { channel: current } };
      },
    });
    const user = userEvent.setup();
    renderRoute('/admin?tab=channels');
    const table = within(await screen.findByRole('table', { name: 'Upstream channels' }));
    const floor = table.getByRole('spinbutton', { name: 'Video generation on fal margin floor (percent)' });
    await user.clear(floor);
    await user.type(floor, '25');
    await user.tab();
    expect(
      await screen.findByText('Video generation on fal: on, priority 20, margin floor 25%.'),
    ).toBeInTheDocument();
    expect(api.callsTo('PATCH /api/admin/channels/fal%3Avideo').map((call) => call.body)).toEqual([
      { marginFloorPercent: 25 },
    ]);
  });
});
