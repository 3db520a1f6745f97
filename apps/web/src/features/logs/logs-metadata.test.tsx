import type { RequestLogItem } from '@conduit/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { makeUser, mockApi } from '../../test/api-mock.ts';
import { makeKeysResponse } from '../../test/fixtures.ts';
import { renderRoute } from '../../test/render-route.tsx';
import { makeWorkspaces } from '../../test/team-fixtures.ts';
import { METADATA_KEY_FILTER_LABEL, METADATA_VALUE_FILTER_LABEL } from './logs-filters.tsx';

const ITEM: RequestLogItem = {
  requestId: 'req_acme',
  at: '2026-12-01T10:00:00.000Z',
  method: 'POST',
  endpoint: '/api/provider/image',
  service: 'image',
  status: 200,
  code: null,
  error: null,
  durationMs: 12.5,
  taskId: 'task_acme',
  keyId: 'key_1',
  keyName: 'Production',
  ip: '203.0.113.7',
  metadata: { customer: 'acme', plan: 'pro' },
};

describe('logs: metadata', () => {
  it('searches by a metadata key and value, kept in the URL, and shows a request its metadata', async () => {
    const api = mockApi({
      'GET /api/auth/me': { body: { user: makeUser() } },
      'GET /api/workspaces': { body: makeWorkspaces(null) },
      'GET /api/keys': { body: makeKeysResponse() },
      'GET /api/request-log': ({ search }) => ({
        body: {
          items: new URLSearchParams(search).get('metadataValue') === 'acme' ? [ITEM] : [],
          nextCursor: null,
        },
      }),
    });
    const user = userEvent.setup();
    const { router } = renderRoute('/app/logs');
    await user.type(await screen.findByLabelText(METADATA_KEY_FILTER_LABEL), 'customer');
    await user.type(screen.getByLabelText(METADATA_VALUE_FILTER_LABEL), 'acme');
    await user.click(screen.getByRole('button', { name: 'Search' }));

    const details = await screen.findByRole('button', { name: 'Details of request req_acme' });
    const asked = new URLSearchParams(api.callsTo('GET /api/request-log').at(-1)?.search);
    expect([asked.get('metadataKey'), asked.get('metadataValue')]).toEqual(['customer', 'acme']);
    await waitFor(() =>
      expect(new URLSearchParams(router.state.location.search).get('metadataKey')).toBe('customer'),
    );
    await user.click(details);
    const dialog = within(await screen.findByRole('dialog', { name: 'Request details' }));
    expect(dialog.getByText('customer').parentElement).toHaveTextContent('customer acme');
    expect(dialog.getByText('plan').parentElement).toHaveTextContent('plan pro');
  });
});
