import { CALL_TEXTS, LIVE_STATUS_TEXTS, RATING_MESSAGES } from '@conduit/contracts';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { formatDate } from '../../lib/format.ts';
import { type ApiRoutes, errorReply, makeUser, mockApi } from '../../test/api-mock.ts';
import { expectTexts } from '../../test/expect-texts.ts';
import { stubEventSource } from '../../test/fake-event-source.ts';
import { makeCallDetail, makeKeysResponse } from '../../test/fixtures.ts';
import { renderRoute } from '../../test/render-route.tsx';
import { NOTICE_BATCH_MS } from '../live-status/use-settled-notices.ts';
import { CALL_METADATA_TITLE } from './call-metadata.tsx';
import { CALL_RUNNING_TEXT, filesDeletedText } from './call-outcome.tsx';
import { CANCEL_CALL, CANCEL_CALL_TITLE, TOO_LATE_MESSAGES, TOO_LATE_TITLE } from './cancel-call.tsx';
import { RATING_SAVE_FAILED, SAVE_RATING } from './result-rating.tsx';

function openCall(taskId: string, routes: ApiRoutes) {
  const api = mockApi({ 'GET /api/auth/me': { body: { user: makeUser() } }, ...routes });
  const view = renderRoute(`/app/calls/${taskId}`);
  return { api, user: userEvent.setup(), ...view };
}

const section = (name: string) => within(screen.getByRole('region', { name }));

describe('call detail page', () => {
  it('shows an image call: the image, its actions, timeline, key (masked), credits and request', async () => {
    const call = makeCallDetail();
    openCall('task_0001', { 'GET /api/calls/task_0001': { body: call } });
    expect(await screen.findByRole('heading', { level: 1, name: 'Image generation' })).toBeInTheDocument();
    const result = section('Result');
    const image = result.getByRole('img', { name: 'Generated image: A lighthouse at dusk' });
    const [url] = call.resultUrls;
    expect(image).toHaveAttribute('src', url);
    expect(result.getByRole('link', { name: 'Open full size: image' })).toHaveAttribute('href', url);
    expect(result.getByRole('link', { name: 'Download image' })).toHaveAttribute('href', `${url}?download=1`);
    expect(result.getByRole('button', { name: `Copy ${url}` })).toBeInTheDocument();

    expectTexts(section('Status'), ['Accepted', 'Took 2.5 s', 'Completed']);
    const details = section('Details');
    expectTexts(details, ['Production', 'cnd_live_…abcd']);
    // Charged 1, refunded 0, net 1.
    expect(details.getAllByText('1 credit')).toHaveLength(2);
    expect(details.getByText('0 credits')).toBeInTheDocument();
    expect(section('Request').getByText('16:9')).toBeInTheDocument();
  });

  it("shows the call's metadata key by key, and no such section for a call without any", async () => {
    const { unmount } = openCall('task_0001', {
      'GET /api/calls/task_0001': {
        body: makeCallDetail({ metadata: { customer: 'acme', order: 'ord_42' } }),
      },
    });
    const metadata = within(await screen.findByRole('region', { name: CALL_METADATA_TITLE }));
    expect(metadata.getByText('customer').nextElementSibling).toHaveTextContent('acme');
    expect(metadata.getByText('order').nextElementSibling).toHaveTextContent('ord_42');
    unmount();
    openCall('task_0002', { 'GET /api/calls/task_0002': { body: makeCallDetail({ taskId: 'task_0002' }) } });
    expect(await screen.findByRole('region', { name: 'Details' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: CALL_METADATA_TITLE })).toBeNull();
  });

  it('names the model the call ran, and none for a service without models', async () => {
    const { unmount } = openCall('task_0001', {
      'GET /api/calls/task_0001': {
        body: makeCallDetail({
          model: { id: 'seedream-4.5', name: 'Seedream 4.5' },
          request: { model: 'seedream-4.5', prompt: 'A lighthouse at dusk', quality: 'high' },
        }),
      },
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Image generation' })).toBeInTheDocument();
    const model = section('Details').getByText('Model').closest('div') as HTMLElement;
    expect(model).toHaveTextContent('ModelSeedream 4.5seedream-4.5');
    unmount();

    openCall('task_0002', {
      'GET /api/calls/task_0002': {
        body: makeCallDetail({
          taskId: 'task_0002',
          service: 'sora',
          model: null,
          result: null,
          resultUrls: [],
        }),
      },
    });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Sora watermark removal' }),
    ).toBeInTheDocument();
    expect(section('Details').getByText('Key')).toBeInTheDocument();
    expect(section('Details').queryByText('Model')).not.toBeInTheDocument();
  });

  it('says until when the files are kept, or that they were deleted', async () => {
    const later = new Date(Date.now() + 5 * 86_400_000).toISOString();
    const { unmount } = openCall('task_0001', {
      'GET /api/calls/task_0001': { body: makeCallDetail({ expiresAt: later }) },
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Image generation' })).toBeInTheDocument();
    expect(section('Details').getByText('Files kept until')).toBeInTheDocument();
    expect(section('Details').getByText(formatDate(later))).toBeInTheDocument();
    unmount();

    const earlier = new Date(Date.now() - 86_400_000).toISOString();
    openCall('task_0002', {
      'GET /api/calls/task_0002': { body: makeCallDetail({ taskId: 'task_0002', expiresAt: earlier }) },
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Image generation' })).toBeInTheDocument();
    expect(section('Details').getByText('Files deleted on')).toBeInTheDocument();
    expect(section('Details').getByText(formatDate(earlier))).toBeInTheDocument();
    expect(section('Result').getByText(filesDeletedText(earlier))).toBeInTheDocument();
    expect(section('Result').queryByRole('img')).not.toBeInTheDocument();
  });

  it('asks for a rating only once the result has loaded, and saves only on "Save rating"', async () => {
    const { api, user } = openCall('task_0001', {
      'GET /api/calls/task_0001': { body: makeCallDetail({ rating: 2 }) },
      'PUT /api/usage/task_0001/rating': ({ body }) => ({
        body: { taskId: 'task_0001', rating: (body as { rating: number }).rating },
      }),
    });
    const image = await screen.findByRole('img');
    expect(screen.queryByRole('region', { name: 'Rate this result' })).not.toBeInTheDocument();
    fireEvent.load(image);
    const rating = section('Rate this result');
    expect(rating.getByRole('radio', { name: '2 of 5' })).toBeChecked();
    expect(rating.getByRole('button', { name: SAVE_RATING })).toBeDisabled();

    await user.click(rating.getByRole('radio', { name: '1 of 5' }));
    await user.click(rating.getByRole('radio', { name: '4 of 5' }));
    expect(api.callsTo('PUT /api/usage/task_0001/rating')).toHaveLength(0);
    await user.click(rating.getByRole('button', { name: SAVE_RATING }));
    expect(await rating.findByText('Your rating: 4 of 5')).toBeInTheDocument();
    expect(api.callsTo('PUT /api/usage/task_0001/rating').map((call) => call.body)).toEqual([{ rating: 4 }]);
  });

  it('says when a rating is refused', async () => {
    const { user } = openCall('task_0001', {
      'GET /api/calls/task_0001': { body: makeCallDetail() },
      'PUT /api/usage/task_0001/rating': errorReply(409, RATING_MESSAGES.notFinished, 'CONFLICT'),
    });
    fireEvent.load(await screen.findByRole('img'));
    await user.click(screen.getByRole('radio', { name: '5 of 5' }));
    await user.click(screen.getByRole('button', { name: SAVE_RATING }));
    const notifications = screen.getByRole('region', { name: 'Notifications' });
    expect(await within(notifications).findByText(RATING_SAVE_FAILED)).toBeInTheDocument();
    expect(notifications).toHaveTextContent(RATING_MESSAGES.notFinished);
  });

  it('shows a video in a player with controls', async () => {
    const url = 'http://localhost/files/task_v/bbbbbbbbbbbbbbbbbbbb.mp4';
    openCall('task_v', {
      'GET /api/calls/task_v': {
        body: makeCallDetail({
          taskId: 'task_v',
          service: 'video',
          result: { videoUrls: [url], resultUrls: [url] },
        }),
      },
    });
    const player = await screen.findByLabelText('Result video');
    expect(player.tagName).toBe('VIDEO');
    expect(player).toHaveAttribute('controls');
    expect(player).toHaveAttribute('src', url);
  });

  it('shows a failed call with its reason and the refund, and no rating', async () => {
    openCall('task_f', {
      'GET /api/calls/task_f': {
        body: makeCallDetail({
          taskId: 'task_f',
          status: 'failed',
          error: 'The model refused the prompt',
          creditsRefunded: 1,
          result: null,
          resultUrls: [],
        }),
      },
    });
    await screen.findByRole('heading', { level: 1, name: 'Image generation' });
    const result = section('Result');
    expect(await result.findByText('The call failed: The model refused the prompt')).toBeInTheDocument();
    expect(result.getByText('1 credit refunded to your balance.')).toBeInTheDocument();
    expect(section('Status').getByText('Failed')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Rate this result' })).not.toBeInTheDocument();
  });

  it('shows a running call as running, with no result yet', async () => {
    openCall('task_r', {
      'GET /api/calls/task_r': {
        body: makeCallDetail({
          status: 'processing',
          completedAt: null,
          durationMs: null,
          result: null,
          resultUrls: [],
        }),
      },
    });
    expect(await screen.findByText(CALL_RUNNING_TEXT)).toBeInTheDocument();
    expect(section('Status').getByText('Waiting for the result')).toBeInTheDocument();
  });

  it('shows a LinkedIn call as a profile card and a posts table; "next page" opens the playground with the token', async () => {
    const call = makeCallDetail({
      taskId: 'task_li',
      service: 'linkedin',
      request: { username: 'ada', limit: 2, page_number: 1 },
      creditsCharged: 2,
      result: {
        profile: {
          username: 'ada',
          name: 'Ada Lovelace',
          headline: 'Analyst',
          profileUrl: 'https://www.linkedin.com/in/ada',
          followers: 1200,
        },
        posts: [
          {
            id: 'p1',
            url: 'https://www.linkedin.com/feed/update/1',
            text: 'On the engine',
            postedAt: '2025-12-01T00:00:00.000Z',
            author: { name: 'Ada Lovelace', username: 'ada' },
            stats: { likes: 1500, comments: 12, reposts: 3 },
          },
        ],
        pagination_token: 'p2',
      },
      resultUrls: [],
    });
    const { user, router } = openCall('task_li', {
      'GET /api/calls/task_li': { body: call },
      'GET /api/keys': { body: makeKeysResponse() },
      'GET /api/credits': { status: 503, body: null },
    });
    const profile = await screen.findByRole('article', { name: 'LinkedIn profile of Ada Lovelace' });
    expect(profile).toHaveTextContent('1,200 followers');
    const rows = within(screen.getByRole('table', { name: 'Posts of Ada Lovelace' })).getAllByRole('row');
    expect(rows).toHaveLength(2);
    expect(rows[1]).toHaveTextContent('On the engine');
    expect(rows[1]).toHaveTextContent('1,500');
    await user.click(screen.getByText('Raw JSON'));
    expect(screen.getByText(/"pagination_token": "p2"/)).toBeVisible();

    await user.click(screen.getByRole('button', { name: 'Next page in the Playground' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/app/playground'));
    expect(router.state.location.search).toBe('?service=linkedin');
    const form = await screen.findByRole('form', { name: 'Scrape a LinkedIn profile and posts form' });
    expect(within(form).getByLabelText(/^pagination_token/)).toHaveValue('p2');
    expect(within(form).getByLabelText(/^username/)).toHaveValue('ada');
  });

  it('says "Call not found" for a call that is not the user\'s', async () => {
    openCall('task_other', {
      'GET /api/calls/task_other': errorReply(404, CALL_TEXTS.notFound, 'NOT_FOUND'),
    });
    expect(await screen.findByRole('heading', { level: 1, name: CALL_TEXTS.notFound })).toBeInTheDocument();
  });
});

describe('canceling a running call', () => {
  it('asks first, cancels on confirmation, says what was refunded and shows the call canceled', async () => {
    let status: 'processing' | 'canceled' = 'processing';
    const running = () =>
      makeCallDetail({
        taskId: 'task_r',
        service: 'video',
        status,
        creditsCharged: 10,
        creditsRefunded: status === 'canceled' ? 10 : 0,
        completedAt: null,
        result: null,
        resultUrls: [],
      });
    const EventSource = stubEventSource();
    const { api, user } = openCall('task_r', {
      'GET /api/calls/task_r': () => ({ body: running() }),
      'POST /api/calls/task_r/cancel': () => {
        status = 'canceled';
        return {
          body: {
            taskId: 'task_r',
            status: 'canceled',
            outcome: 'canceled',
            creditsRefunded: 10,
            message: 'The task was canceled before it started upstream; its credits were refunded.',
          },
        };
      },
    });
    await user.click(await screen.findByRole('button', { name: CANCEL_CALL }));
    const dialog = screen.getByRole('dialog', { name: CANCEL_CALL_TITLE });
    expect(dialog).toHaveTextContent('its 10 credits come back at once');
    expect(api.callsTo('POST /api/calls/task_r/cancel')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: CANCEL_CALL }));
    const notifications = screen.getByRole('region', { name: 'Notifications' });
    expect(await within(notifications).findByText('Call canceled: 10 credits refunded')).toBeInTheDocument();
    expect(await section('Status').findByText('Canceled')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: CANCEL_CALL })).not.toBeInTheDocument();
    // The live stream tells of the same cancel: the page has said it once, and says it no more.
    act(() => EventSource.current().open());
    act(() => EventSource.current().emit('task', { taskId: 'task_r', service: 'video', status: 'canceled' }));
    await new Promise((resolve) => setTimeout(resolve, NOTICE_BATCH_MS + 200));
    expect(within(notifications).queryByText(LIVE_STATUS_TEXTS.stopped.canceled)).not.toBeInTheDocument();
    expect(
      within(notifications).queryByText(LIVE_STATUS_TEXTS.stoppedMessage('task_r')),
    ).not.toBeInTheDocument();
    expect(within(notifications).getByText('Call canceled: 10 credits refunded')).toBeInTheDocument();
    expect(api.callsTo('POST /api/calls/task_r/cancel')).toHaveLength(1);
  });

  it('says the cancel came too late when the call settles while the dialog is open', async () => {
    let status: 'processing' | 'completed' = 'processing';
    const { api, user } = openCall('task_late', {
      'GET /api/calls/task_late': () => ({
        body: makeCallDetail({
          taskId: 'task_late',
          status,
          ...(status === 'processing' && { completedAt: null }),
        }),
      }),
    });
    await user.click(await screen.findByRole('button', { name: CANCEL_CALL }));
    expect(screen.getByRole('dialog', { name: CANCEL_CALL_TITLE })).toBeInTheDocument();
    // It completes meanwhile: the page's next look (live stream, or its polling here) finds it so.
    status = 'completed';
    const notifications = screen.getByRole('region', { name: 'Notifications' });
    expect(
      await within(notifications).findByText(TOO_LATE_TITLE, {}, { timeout: 12_000 }),
    ).toBeInTheDocument();
    expect(within(notifications).getByText(TOO_LATE_MESSAGES.completed)).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: CANCEL_CALL_TITLE })).not.toBeInTheDocument();
    expect(api.callsTo('POST /api/calls/task_late/cancel')).toHaveLength(0);
  }, 20_000);

  it('offers no cancel for a settled call', async () => {
    openCall('task_0001', { 'GET /api/calls/task_0001': { body: makeCallDetail() } });
    await screen.findByRole('heading', { level: 1, name: 'Image generation' });
    expect(screen.queryByRole('button', { name: CANCEL_CALL })).not.toBeInTheDocument();
  });
});
