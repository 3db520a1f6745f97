import {
  LIVE_STATUS_POLL_MS,
  LIVE_STATUS_TEXTS,
  TASK_EVENTS_ROUTE,
  type UsageItem,
} from '@conduit/contracts';
import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { type ApiRoutes, makeUser, mockApi } from '../../test/api-mock.ts';
import { stubEventSource } from '../../test/fake-event-source.ts';
import { makeDashboard, makeUsageItem } from '../../test/fixtures.ts';
import { renderRoute } from '../../test/render-route.tsx';
import { formatElapsed } from './elapsed-time.tsx';

/** The dashboard with a usage history the test can change, as the server's would after a call settles. */
function openDashboard(items: UsageItem[], routes: ApiRoutes = {}) {
  const history = { items };
  const api = mockApi({
    'GET /api/auth/me': { body: { user: makeUser() } },
    'GET /api/dashboard': { body: makeDashboard() },
    'GET /api/usage': () => ({ body: { items: history.items, nextCursor: null } }),
    ...routes,
  });
  renderRoute('/app');
  return { api, history };
}

/** The dashboard with no calls yet and its event stream open. */
async function openWithStream() {
  const EventSource = stubEventSource();
  const { api } = openDashboard([]);
  await screen.findByText(/No calls yet/);
  const stream = EventSource.current();
  act(() => stream.open());
  return { api, stream };
}

/** The history's row of a call, found by its task id wherever the row shows it. */
const rowOf = async (taskId: string) =>
  within((await screen.findByText(taskId)).closest('tr') as HTMLElement);
const notifications = () => within(screen.getByRole('region', { name: 'Notifications' }));

describe('live status: the event stream', () => {
  it('opens one stream, turns a running video Completed without a reload, and says "Video ready"', async () => {
    const EventSource = stubEventSource();
    const running = makeUsageItem({ taskId: 'task_video', service: 'video', status: 'processing' });
    const { api, history } = openDashboard([running]);
    expect((await rowOf('task_video')).getByText('Processing')).toBeInTheDocument();
    const stream = EventSource.current();
    expect(stream.url).toBe(TASK_EVENTS_ROUTE.path);
    act(() => stream.open());
    const dashboardLoads = api.callsTo('GET /api/dashboard').length;

    history.items = [{ ...running, status: 'completed' }];
    act(() => stream.emit('task', { taskId: 'task_video', service: 'video', status: 'completed' }));
    await waitFor(async () => expect((await rowOf('task_video')).getByText('Completed')).toBeInTheDocument());
    expect(await notifications().findByText(LIVE_STATUS_TEXTS.ready.video)).toBeInTheDocument();
    expect(notifications().getByText(LIVE_STATUS_TEXTS.readyMessage('task_video'))).toBeInTheDocument();
    expect(api.callsTo('GET /api/dashboard').length).toBeGreaterThan(dashboardLoads);
    expect(EventSource.instances.filter((source) => source.readyState !== 2)).toHaveLength(1);
  });

  it('shows the failure reason of a failed background call, and announces no sync call', async () => {
    const EventSource = stubEventSource();
    const { history } = openDashboard([
      makeUsageItem({ taskId: 'task_sora', service: 'sora', status: 'processing' }),
      makeUsageItem({ taskId: 'task_image', service: 'image', status: 'processing' }),
    ]);
    await rowOf('task_sora');
    const stream = EventSource.current();
    act(() => stream.open());
    history.items = history.items.map((item) => ({ ...item, status: 'failed', creditsRefunded: 1 }));
    act(() => {
      stream.emit('task', { taskId: 'task_image', service: 'image', status: 'completed' });
    });
    await waitFor(async () => expect((await rowOf('task_image')).getByText('Failed')).toBeInTheDocument());
    act(() => {
      stream.emit('task', {
        taskId: 'task_sora',
        service: 'sora',
        status: 'failed',
        error: 'The video is not public',
      });
    });
    const alert = await notifications().findByRole('alert');
    expect(alert).toHaveTextContent(LIVE_STATUS_TEXTS.failed.sora);
    expect(alert).toHaveTextContent('The video is not public');
    expect(notifications().queryByText(LIVE_STATUS_TEXTS.ready.image)).not.toBeInTheDocument();
  });

  it('sums up several calls that finish together in one notification', async () => {
    const { stream } = await openWithStream();
    act(() => {
      stream.emit('task', { taskId: 'task_1', service: 'video', status: 'completed' });
      stream.emit('task', { taskId: 'task_2', service: 'video', status: 'completed' });
      stream.emit('task', { taskId: 'task_3', service: 'video', status: 'failed', error: 'No' });
    });
    expect(await notifications().findByText(LIVE_STATUS_TEXTS.manyFinished(3))).toBeInTheDocument();
    expect(notifications().getByText(LIVE_STATUS_TEXTS.manyFinishedMessage(2, 1))).toBeInTheDocument();
    expect(notifications().getAllByRole('status')).toHaveLength(1);
  });

  it('reloads the lists once for a burst of events, not once per event', async () => {
    const { api, stream } = await openWithStream();
    const before = {
      usage: api.callsTo('GET /api/usage').length,
      dashboard: api.callsTo('GET /api/dashboard').length,
    };
    act(() => {
      for (let index = 0; index < 50; index += 1) {
        stream.emit('task', {
          taskId: `task_${index}`,
          service: 'image',
          status: index % 2 ? 'completed' : 'processing',
        });
      }
    });
    await waitFor(() => expect(api.callsTo('GET /api/usage').length).toBeGreaterThan(before.usage));
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(api.callsTo('GET /api/usage').length - before.usage).toBe(1);
    expect(api.callsTo('GET /api/dashboard').length - before.dashboard).toBe(1);
  });

  it('reloads what the page shows when a dropped stream comes back, since events may have been missed', async () => {
    const { api, stream } = await openWithStream();
    const loads = api.callsTo('GET /api/usage').length;
    act(() => stream.drop());
    act(() => stream.open());
    await waitFor(() => expect(api.callsTo('GET /api/usage').length).toBeGreaterThan(loads));
  });
});

describe('live status: without a stream', () => {
  it('polls while a call is running when the server refuses the stream, checks the session, and announces the end', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const EventSource = stubEventSource();
    const running = makeUsageItem({ taskId: 'task_video', service: 'video', status: 'processing' });
    const { api, history } = openDashboard([running]);
    await rowOf('task_video');
    const sessionChecks = api.callsTo('GET /api/auth/session').length;
    act(() => EventSource.current().refuse());
    await waitFor(() => expect(api.callsTo('GET /api/auth/session').length).toBeGreaterThan(sessionChecks));

    history.items = [{ ...running, status: 'completed' }];
    await act(() => vi.advanceTimersByTimeAsync(LIVE_STATUS_POLL_MS));
    await waitFor(async () => expect((await rowOf('task_video')).getByText('Completed')).toBeInTheDocument());
    expect(await notifications().findByText(LIVE_STATUS_TEXTS.ready.video)).toBeInTheDocument();

    const polls = api.callsTo('GET /api/usage').length;
    await act(() => vi.advanceTimersByTimeAsync(LIVE_STATUS_POLL_MS * 2));
    // Nothing runs any more: no more polling.
    expect(api.callsTo('GET /api/usage').length).toBe(polls);
  });

  it('shows how long a running call has been running', async () => {
    const startedAt = new Date(Date.now() - 83_000).toISOString();
    openDashboard([
      makeUsageItem({ taskId: 'task_video', service: 'video', status: 'processing', createdAt: startedAt }),
    ]);
    const row = await rowOf('task_video');
    expect(row.getByText(/^1:2[3-4]$/)).toBeInTheDocument();
    expect(formatElapsed(3_723_000)).toBe('1:02:03');
    expect(formatElapsed(-5)).toBe('0:00');
  });
});
