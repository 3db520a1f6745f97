import { RATING_MESSAGES } from '@conduit/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { type ApiRoutes, deferred, errorReply, makeUser, mockApi, type Reply } from '../../test/api-mock.ts';
import { makeDashboard, makeUsageItem } from '../../test/fixtures.ts';
import { renderRoute } from '../../test/render-route.tsx';
import { RATING_SAVE_FAILED } from './result-rating.tsx';

function openCalls(routes: ApiRoutes) {
  const api = mockApi({
    'GET /api/auth/me': { body: { user: makeUser() } },
    'GET /api/dashboard': { body: makeDashboard() },
    'GET /api/usage': {
      body: {
        items: [
          makeUsageItem({ taskId: 'task_done', rating: 2 }),
          makeUsageItem({ taskId: 'task_busy', status: 'processing' }),
        ],
        nextCursor: null,
      },
    },
    ...routes,
  });
  renderRoute('/app');
  return { api, user: userEvent.setup() };
}

const rowOf = async (taskId: string) =>
  within((await screen.findByRole('button', { name: `Copy ${taskId}` })).closest('tr') as HTMLElement);
const pressedStar = (row: Awaited<ReturnType<typeof rowOf>>) =>
  row
    .queryAllByRole('button', { pressed: true })
    .map((button: HTMLElement) => button.getAttribute('aria-label'));

describe('dashboard: rating a result', () => {
  it('rates only finished calls, shows the saved rating, and saves a new one at once', async () => {
    const saved = deferred<Reply>();
    const { api, user } = openCalls({ 'PUT /api/usage/task_done/rating': () => saved.promise });
    const done = await rowOf('task_done');
    expect(done.getByRole('group', { name: 'Your rating: 2 of 5' })).toBeInTheDocument();
    expect(pressedStar(done)).toEqual(['Rate 2 of 5']);
    expect((await rowOf('task_busy')).queryByRole('group')).not.toBeInTheDocument();

    await user.click(done.getByRole('button', { name: 'Rate 4 of 5' }));
    expect(pressedStar(done)).toEqual(['Rate 4 of 5']);
    expect(api.callsTo('PUT /api/usage/task_done/rating')[0]?.body).toEqual({ rating: 4 });
    saved.resolve({ body: { taskId: 'task_done', rating: 4 } });
    await waitFor(() => expect(done.getByRole('group', { name: 'Your rating: 4 of 5' })).toBeInTheDocument());
  });

  it('puts the previous rating back and says so when saving fails', async () => {
    const { user } = openCalls({
      'PUT /api/usage/task_done/rating': errorReply(409, RATING_MESSAGES.notFinished, 'CONFLICT'),
    });
    const done = await rowOf('task_done');
    await user.click(done.getByRole('button', { name: 'Rate 5 of 5' }));
    const notifications = screen.getByRole('region', { name: 'Notifications' });
    expect(await within(notifications).findByText(RATING_SAVE_FAILED)).toBeInTheDocument();
    expect(notifications).toHaveTextContent(RATING_MESSAGES.notFinished);
    expect(pressedStar(done)).toEqual(['Rate 2 of 5']);
  });
});
