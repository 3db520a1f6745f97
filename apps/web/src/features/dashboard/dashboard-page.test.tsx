import { MESSAGES } from '@conduit/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { errorReply, makeUser, mockApi } from '../../test/api-mock.ts';
import { renderRoute } from '../../test/render-route.tsx';
import { greetingFor } from './greeting.ts';

const signedIn = { 'GET /api/auth/me': { body: { user: makeUser() } } };
const credits = {
  balance: 1250,
  totalPurchased: 1500,
  totalUsed: 270,
  usageStats: {},
  creditPackages: {},
  usageCosts: {},
};

describe('dashboard', () => {
  it('greets by the email local part and shows the credit balance', async () => {
    mockApi({ ...signedIn, 'GET /api/credits': { body: credits } });
    renderRoute('/app');
    const balance = await screen.findByRole('region', { name: 'Credits balance' });
    expect(within(balance).getByText('1,250')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(/, ada$/);
  });

  it("shows 'Failed to load dashboard data' with a Retry that loads again", async () => {
    let isDown = true;
    mockApi({
      ...signedIn,
      'GET /api/credits': () => (isDown ? errorReply(403, 'Forbidden', 'FORBIDDEN') : { body: credits }),
    });
    const user = userEvent.setup();
    renderRoute('/app');
    expect(await screen.findByText(MESSAGES.dashboardLoadFailed)).toBeInTheDocument();
    isDown = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('region', { name: 'Credits balance' })).toHaveTextContent('1,250');
  });

  it('picks the greeting by the hour', () => {
    expect(greetingFor(new Date(2026, 0, 1, 11, 59))).toBe('Good morning');
    expect(greetingFor(new Date(2026, 0, 1, 12, 0))).toBe('Good afternoon');
    expect(greetingFor(new Date(2026, 0, 1, 17, 59))).toBe('Good afternoon');
    expect(greetingFor(new Date(2026, 0, 1, 18, 0))).toBe('Good evening');
  });
});
