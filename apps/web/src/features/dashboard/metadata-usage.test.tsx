import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { makeUser, mockApi } from '../../test/api-mock.ts';
import { stubEventSource } from '../../test/fake-event-source.ts';
import { makeDashboard } from '../../test/fixtures.ts';
import { renderRoute } from '../../test/render-route.tsx';
import { makeWorkspaces } from '../../test/team-fixtures.ts';
import { GROUP_BUTTON, METADATA_KEY_LABEL, METADATA_USAGE_TITLE, NO_KEY_VALUE } from './metadata-usage.tsx';

describe('usage by metadata', () => {
  it('groups the spend by the key typed, from this month by default, and shows value, calls and credits', async () => {
    stubEventSource();
    const api = mockApi({
      'GET /api/auth/me': { body: { user: makeUser() } },
      'GET /api/dashboard': { body: makeDashboard() },
      'GET /api/workspaces': { body: makeWorkspaces(null) },
      'GET /api/usage': { body: { items: [], nextCursor: null } },
      'GET /api/usage/by-metadata': ({ search }) => ({
        body: {
          data:
            new URLSearchParams(search).get('groupBy') === 'metadata.customer'
              ? [
                  { value: 'acme', calls: 1200, credits: 2400 },
                  { value: null, calls: 3, credits: 0 },
                ]
              : [],
        },
      }),
    });
    const user = userEvent.setup();
    renderRoute('/app');
    const section = within(await screen.findByRole('region', { name: METADATA_USAGE_TITLE }));
    // Nothing is asked before a key is given.
    expect(section.getByRole('button', { name: GROUP_BUTTON })).toBeDisabled();
    expect(api.callsTo('GET /api/usage/by-metadata')).toHaveLength(0);

    await user.type(section.getByLabelText(METADATA_KEY_LABEL), 'customer');
    await user.click(section.getByRole('button', { name: GROUP_BUTTON }));
    const table = within(await section.findByRole('table'));
    const rows = table.getAllByRole('row').slice(1);
    expect(rows.map((row) => row.textContent)).toEqual([
      expect.stringMatching(/acme.*1,200.*2,400/),
      expect.stringMatching(new RegExp(`${NO_KEY_VALUE.replace(/[()]/g, '\\$&')}.*3.*0`)),
    ]);
    const [asked] = api.callsTo('GET /api/usage/by-metadata');
    const query = new URLSearchParams(asked?.search);
    expect(query.get('groupBy')).toBe('metadata.customer');
    expect(query.get('from')).toMatch(/^\d{4}-\d{2}-01$/);
    expect(query.has('to')).toBe(false);

    await user.clear(section.getByLabelText(METADATA_KEY_LABEL));
    await user.type(section.getByLabelText(METADATA_KEY_LABEL), 'plan');
    await user.click(section.getByRole('button', { name: GROUP_BUTTON }));
    expect(await section.findByText('No calls in these days.')).toBeInTheDocument();
  });
});
