import { ROUTES } from '@conduit/contracts';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeUser, mockApi } from '../../test/api-mock.ts';
import { makeDashboard } from '../../test/fixtures.ts';
import { renderRoute } from '../../test/render-route.tsx';
import { GETTING_STARTED_TITLE } from './getting-started.tsx';

function openDashboard(gettingStarted: Parameters<typeof makeDashboard>[1]) {
  mockApi({
    'GET /api/auth/me': { body: { user: makeUser() } },
    'GET /api/dashboard': { body: makeDashboard({}, gettingStarted) },
    'GET /api/usage': { body: { items: [], nextCursor: null } },
  });
  renderRoute('/app');
}

describe('dashboard: getting started', () => {
  it('lists the steps of a new account, done ones ticked, the others with where to do them', async () => {
    openDashboard({ hasCreatedKey: true, hasMadeCall: false, hasBoughtCredits: false });
    const steps = within(await screen.findByRole('region', { name: GETTING_STARTED_TITLE }));
    expect(steps.getByText('2 of 4 done')).toBeInTheDocument();
    const items = steps.getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      'Verify your email address (done)',
      'Create an API key (done)',
      'Make your first call (to do)Open the playground',
      'Buy credits when your free ones run low (to do)Buy credits',
    ]);
    expect(steps.getByRole('link', { name: 'Open the playground' })).toHaveAttribute(
      'href',
      ROUTES.appPlayground,
    );
    expect(steps.getByRole('link', { name: 'Buy credits' })).toHaveAttribute('href', ROUTES.appCredits);
    expect(steps.queryByRole('link', { name: 'Create a key' })).not.toBeInTheDocument();
  });

  it('is gone once every step is done', async () => {
    openDashboard({});
    await screen.findByRole('region', { name: 'Credits balance' });
    expect(screen.queryByRole('region', { name: GETTING_STARTED_TITLE })).not.toBeInTheDocument();
  });
});
