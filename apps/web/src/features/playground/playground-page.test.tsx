import {
  ERROR_CODES,
  keyLimitMessage,
  keySpendLimitMessage,
  PLAYGROUND_KEY,
  PLAYGROUND_KEY_TEXTS,
  SERVICE_LABELS,
  WEBHOOK_TEXTS,
} from '@conduit/contracts';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { errorReply } from '../../test/api-mock.ts';
import { makeKey, makeKeysResponse } from '../../test/fixtures.ts';
import { openPlayground, PRODUCTION, playgroundPanel as panel, STAGING } from '../../test/playground-page.ts';
import { PLAYGROUND_KEY_LABEL } from './playground-page.tsx';
import { RUN_LABEL } from './run-bar.tsx';
import { RUN_CODE_LABEL } from './run-outcome.tsx';
import { ADVANCED_LABEL } from './service-panel.tsx';
import { PLAYGROUND_KEY_STORAGE_KEY } from './use-remembered-key.ts';

/** A refusal of the public API as the server writes it (http-errors.ts `sendError`). */
const refused = (status: number, error: string, code: string, extra: Record<string, unknown> = {}) => ({
  status,
  body: { success: false, error, code, requestId: 'req_test', ...extra },
});

/** A call the balance cannot pay: the status, text and code the API answers it with. */
const NO_CREDITS = [
  402,
  'Insufficient credits: 1 required, 0 available',
  ERROR_CODES.INSUFFICIENT_CREDITS,
] as const;

describe('/app/playground', () => {
  it('has a tab per service, and a form with every field of the API schema', async () => {
    const { user } = openPlayground();
    const tabs = within(await screen.findByRole('tablist', { name: 'Services' })).getAllByRole('tab');
    expect(tabs.map((tab) => tab.textContent)).toEqual(Object.values(SERVICE_LABELS));
    const image = within(await panel());
    expect(await image.findByLabelText(/^prompt/)).toHaveValue('A lighthouse at dusk, oil painting');
    expect(image.getByLabelText(/^image_size/)).toHaveValue('16:9');
    expect(image.getByText(/^Costs/)).toHaveTextContent(/^Costs 1 credit per image/);

    await user.click(screen.getByRole('tab', { name: SERVICE_LABELS.video }));
    const video = within(await panel());
    expect(await video.findByRole('combobox', { name: 'Model' })).toHaveValue('fast');
    for (const name of ['prompt', 'imageUrls', 'aspectRatio', 'seeds', 'enableFallback', 'watermark'])
      expect(video.getByLabelText(new RegExp(`^${name}`))).toBeInTheDocument();
    expect(video.getByLabelText(/^seeds/)).toHaveAttribute('min', '10000');
    expect(video.getByText(/^Costs/)).toHaveTextContent(/^Costs 10 credits per video/);
  });

  it('runs the call on the public API with the chosen key, shows the result, the balance after and the code', async () => {
    const { api, user } = openPlayground();
    const image = within(await panel());
    expect(await image.findByText(/Your balance/)).toHaveTextContent('Your balance: 20 credits');
    await user.clear(image.getByLabelText(/^prompt/));
    await user.type(image.getByLabelText(/^prompt/), 'A red kite');
    await user.click(await image.findByRole('button', { name: RUN_LABEL }));

    expect(
      await image.findByRole('img', { name: 'Generated image: A lighthouse at dusk' }),
    ).toBeInTheDocument();
    const [sent] = api.callsTo('POST /api/provider/image');
    expect(sent?.headers['x-api-key']).toBe(PRODUCTION.keyValue);
    // The form sends the model it shows (the default one) with the fields.
    expect(sent?.body).toEqual({
      model: 'nano-banana',
      prompt: 'A red kite',
      output_format: 'png',
      image_size: '16:9',
    });
    expect(await image.findByText(/Balance after the call/)).toHaveTextContent('19 credits');
    expect(image.getByRole('link', { name: "Open the call's page" })).toHaveAttribute(
      'href',
      '/app/calls/task_img',
    );
    const code = image.getByRole('figure', { name: `${RUN_CODE_LABEL} example` });
    expect(code).toHaveTextContent(PRODUCTION.keyValue);
    expect(code).toHaveTextContent(
      '{"model":"nano-banana","prompt":"A red kite","output_format":"png","image_size":"16:9"}',
    );
  });

  it('offers the webhook event types as choices under Advanced, and sends the ticked ones', async () => {
    const { api, user } = openPlayground();
    const image = within(await panel());
    // The prompt comes first; the call's controls are folded away until asked for.
    const form = await image.findByRole('form', { name: /form$/ });
    expect(within(form).getAllByRole('textbox')[0]).toHaveAccessibleName(/^prompt/);
    const advanced = (await image.findByText(ADVANCED_LABEL)).closest('details') as HTMLDetailsElement;
    expect(advanced.open).toBe(false);
    expect(advanced).toHaveTextContent('callBackUrl, webhookEvents, maxCredits, quoteId');
    await user.click(image.getByText(ADVANCED_LABEL));
    expect(advanced.open).toBe(true);
    const events = await image.findByRole('group', { name: 'webhookEvents' });
    expect(
      within(events)
        .getAllByRole('checkbox')
        .map((box) => box.getAttribute('value')),
    ).toEqual(['started', 'completed', 'failed', 'canceled']);
    await user.click(within(events).getByRole('checkbox', { name: 'completed' }));
    await user.click(within(events).getByRole('checkbox', { name: 'started' }));
    await user.click(image.getByRole('button', { name: RUN_LABEL }));
    await image.findByRole('img', { name: 'Generated image: A lighthouse at dusk' });
    expect(api.callsTo('POST /api/provider/image')[0]?.body).toMatchObject({
      webhookEvents: ['started', 'completed'],
    });
  });

  it('opens Advanced when the server refuses one of its fields, and shows the refusal at the field', async () => {
    const reason = `must be a public address. ${WEBHOOK_TEXTS.listenHint}`;
    const refusal = `callBackUrl: ${reason}`;
    const { user } = openPlayground({
      'POST /api/provider/image': refused(400, refusal, ERROR_CODES.VALIDATION_FAILED, {
        field: 'callBackUrl',
      }),
      'POST /api/provider/video': refused(
        402,
        'The call costs 10 credits, more than maxCredits 5',
        ERROR_CODES.PRICE_ABOVE_MAX,
        { required: 10, maxCredits: 5 },
      ),
    });
    const image = within(await panel());
    const advanced = (await image.findByText(ADVANCED_LABEL)).closest('details') as HTMLDetailsElement;
    // Filled in, then folded away again to reach Run: the schema accepts a localhost URL, the server not.
    await user.click(image.getByText(ADVANCED_LABEL));
    await user.type(image.getByLabelText(/^callBackUrl/), 'http://localhost:3000/hooks');
    await user.click(image.getByText(ADVANCED_LABEL));
    expect(advanced.open).toBe(false);
    await user.click(image.getByRole('button', { name: RUN_LABEL }));
    expect(await image.findByRole('alert')).toHaveTextContent(refusal);
    expect(advanced.open).toBe(true);
    expect(image.getByLabelText(/^callBackUrl/)).toHaveAccessibleDescription(reason);
    expect(image.getByLabelText(/^callBackUrl/)).toBeVisible();

    // A price above maxCredits (402, the cap in the body rather than a `field`) names maxCredits too.
    await user.click(screen.getByRole('tab', { name: SERVICE_LABELS.video }));
    const video = within(await panel());
    const videoAdvanced = (await video.findByText(ADVANCED_LABEL)).closest('details') as HTMLDetailsElement;
    await user.click(video.getByText(ADVANCED_LABEL));
    await user.type(video.getByLabelText(/^maxCredits/), '5');
    await user.click(video.getByText(ADVANCED_LABEL));
    await user.click(video.getByRole('button', { name: RUN_LABEL }));
    expect(await video.findByRole('alert')).toHaveTextContent('HTTP 402 · PRICE_ABOVE_MAX');
    expect(videoAdvanced.open).toBe(true);
    expect(video.getByLabelText(/^maxCredits/)).toHaveAccessibleDescription(
      'The call costs 10 credits, more than maxCredits 5',
    );
  });

  it('keeps Advanced folded when the refusal is about something else', async () => {
    const { user } = openPlayground({
      'POST /api/provider/image': refused(...NO_CREDITS),
    });
    const image = within(await panel());
    const advanced = (await image.findByText(ADVANCED_LABEL)).closest('details') as HTMLDetailsElement;
    await user.click(await image.findByRole('button', { name: RUN_LABEL }));
    expect(await image.findByRole('alert')).toHaveTextContent('HTTP 402 · INSUFFICIENT_CREDITS');
    expect(advanced.open).toBe(false);
  });

  it("shows the API's error text and code", async () => {
    const { user } = openPlayground({
      'POST /api/provider/image': errorReply(...NO_CREDITS),
    });
    const image = within(await panel());
    await user.click(await image.findByRole('button', { name: RUN_LABEL }));
    const alert = await image.findByRole('alert');
    expect(alert).toHaveTextContent(NO_CREDITS[1]);
    expect(alert).toHaveTextContent('HTTP 402 · INSUFFICIENT_CREDITS');
    expect(within(alert).getByRole('link', { name: 'Buy credits' })).toHaveAttribute('href', '/app/credits');
  });

  it("a key's own spend limit: the error says what to do, the limit is raised from it and the call runs again", async () => {
    let limit: number = PLAYGROUND_KEY.dailyCredits;
    const { api, user } = openPlayground({
      'POST /api/provider/image': () =>
        limit > 20
          ? { body: { success: true, data: { taskId: 'task_img', status: 'completed' } } }
          : {
              status: 402,
              body: {
                success: false,
                error: keySpendLimitMessage(20, 19, 'day'),
                code: ERROR_CODES.KEY_SPEND_LIMIT,
                requestId: 'req_test',
                limit: 20,
                spent: 19,
                period: 'day',
                resetsAt: null,
              },
            },
      'PATCH /api/keys/key_1': ({ body }) => {
        limit = (body as { spendLimit: { credits: number } }).spendLimit.credits;
        return {
          body: {
            key: { ...PRODUCTION, spendLimit: { credits: limit, period: 'day' } },
            message: 'Key updated',
          },
        };
      },
    });
    const image = within(await panel());
    await user.click(await image.findByRole('button', { name: RUN_LABEL }));
    const alert = within(await image.findByRole('alert'));
    expect(alert.getByText(PLAYGROUND_KEY_TEXTS.limitWhatToDo)).toBeInTheDocument();
    // Not a balance problem: no "Buy credits" here.
    expect(alert.queryByRole('link', { name: 'Buy credits' })).not.toBeInTheDocument();
    const field = alert.getByLabelText(PLAYGROUND_KEY_TEXTS.limitLabel('day'));
    expect(field).toHaveValue(100);
    await user.clear(field);
    await user.type(field, '10');
    await user.click(alert.getByRole('button', { name: PLAYGROUND_KEY_TEXTS.limitSubmit }));
    expect(await alert.findByText(PLAYGROUND_KEY_TEXTS.limitTooLow(19))).toBeInTheDocument();
    expect(api.callsTo('PATCH /api/keys/key_1')).toHaveLength(0);
    await user.clear(field);
    await user.type(field, '200');
    await user.click(alert.getByRole('button', { name: PLAYGROUND_KEY_TEXTS.limitSubmit }));
    expect(await alert.findByText(PLAYGROUND_KEY_TEXTS.limitRaised(200, 'day'))).toBeInTheDocument();
    expect(api.callsTo('PATCH /api/keys/key_1')[0]?.body).toEqual({
      spendLimit: { credits: 200, period: 'day' },
    });
    await user.click(alert.getByRole('button', { name: PLAYGROUND_KEY_TEXTS.limitRunAgain }));
    expect(await image.findByText(/HTTP 200/)).toBeInTheDocument();
    expect(api.callsTo('POST /api/provider/image')).toHaveLength(2);
  }, 20_000);

  it('a failed call says how many credits were refunded, one or many', async () => {
    const failed = (creditsRefunded: number) => ({
      status: 502,
      body: {
        success: false,
        error: 'The image could not be generated.',
        code: ERROR_CODES.UPSTREAM_FAILED,
        requestId: 'req_test',
        taskId: 'task_failed',
        creditsRefunded,
      },
    });
    const { user } = openPlayground({
      'POST /api/provider/image': failed(1),
      'POST /api/provider/video': failed(10),
    });
    const image = within(await panel());
    await user.click(await image.findByRole('button', { name: RUN_LABEL }));
    const alert = await image.findByRole('alert');
    expect(alert).toHaveTextContent('The image could not be generated.');
    expect(within(alert).getByText('1 credit refunded')).toBeInTheDocument();

    await user.click(screen.getByRole('tab', { name: SERVICE_LABELS.video }));
    const video = within(await panel());
    await user.click(await video.findByRole('button', { name: RUN_LABEL }));
    expect(within(await video.findByRole('alert')).getByText('10 credits refunded')).toBeInTheDocument();
  });

  describe('where the answer shows', () => {
    const scrolledTo: { element: Element; block?: ScrollLogicalPosition }[] = [];
    const setUp = (isWide: boolean) => {
      Object.defineProperty(Element.prototype, 'scrollIntoView', {
        configurable: true,
        value(this: Element, options?: ScrollIntoViewOptions) {
          scrolledTo.push({ element: this, block: options?.block });
        },
      });
      vi.stubGlobal('matchMedia', (query: string) => ({ matches: isWide && query === '(min-width: 64rem)' }));
    };
    // StrictMode runs the effect twice in development: every scroll goes to the answer, the same way.
    const expectScrolledOnlyTo = (element: Element, block: ScrollLogicalPosition) => {
      expect(scrolledTo.length).toBeGreaterThan(0);
      expect(new Set(scrolledTo.map((scroll) => scroll.element))).toEqual(new Set([element]));
      expect(new Set(scrolledTo.map((scroll) => scroll.block))).toEqual(new Set([block]));
    };
    afterEach(() => {
      delete (Element.prototype as Partial<Element>).scrollIntoView;
      scrolledTo.length = 0;
    });

    it('on a phone, the answer under the form is scrolled to and read out when it arrives', async () => {
      setUp(false);
      const { user } = openPlayground();
      const image = within(await panel());
      await user.click(await image.findByRole('button', { name: RUN_LABEL }));
      const heading = await image.findByRole('heading', { name: /^Answer/ });
      expect(heading).toHaveFocus();
      expectScrolledOnlyTo(heading, 'start');
    });

    it('on a wide screen, the answer stands beside the form and the page does not jump', async () => {
      setUp(true);
      const { user } = openPlayground();
      const image = within(await panel());
      expect(await image.findByText(`${RUN_LABEL} the call: its answer shows here.`)).toBeInTheDocument();
      await user.click(await image.findByRole('button', { name: RUN_LABEL }));
      const heading = await image.findByRole('heading', { name: /^Answer/ });
      expect(heading).toHaveFocus();
      expectScrolledOnlyTo(heading, 'nearest');
      expect(image.queryByText(`${RUN_LABEL} the call: its answer shows here.`)).not.toBeInTheDocument();
    });
  });

  it('checks the form with the API schema before calling, and names the field', async () => {
    const { api, user } = openPlayground();
    const image = within(await panel());
    await user.clear(await image.findByLabelText(/^prompt/));
    await user.click(await image.findByRole('button', { name: RUN_LABEL }));
    expect(image.getByLabelText(/^prompt/)).toHaveAccessibleDescription('is required');
    expect(image.getByLabelText(/^prompt/)).toHaveFocus();
    expect(api.callsTo('POST /api/provider/image')).toHaveLength(0);
  });

  it('remembers the chosen key', async () => {
    const { user, unmount } = openPlayground();
    const picker = await screen.findByRole('combobox', { name: PLAYGROUND_KEY_LABEL });
    await screen.findByRole('option', { name: 'Staging' });
    expect(picker).toHaveValue(PRODUCTION._id);
    await user.selectOptions(picker, 'Staging');
    expect(localStorage.getItem(PLAYGROUND_KEY_STORAGE_KEY)).toBe(STAGING._id);
    unmount();

    const again = openPlayground();
    await screen.findByRole('option', { name: 'Staging' });
    expect(screen.getByRole('combobox', { name: PLAYGROUND_KEY_LABEL })).toHaveValue(STAGING._id);
    await again.user.click(await within(await panel()).findByRole('button', { name: RUN_LABEL }));
    await screen.findByRole('img');
    expect(again.api.callsTo('POST /api/provider/image')[0]?.headers['x-api-key']).toBe(STAGING.keyValue);
  });

  it('without keys: one click makes the playground key, selects it and the run calls with it', async () => {
    const playground = makeKey({
      _id: 'key_pg',
      keyName: PLAYGROUND_KEY.name,
      keyValue: 'cnd_live_playground0123456789',
      spendLimit: { credits: PLAYGROUND_KEY.dailyCredits, period: 'day' },
    });
    let keys: (typeof playground)[] = [];
    const { api, user } = openPlayground({
      'GET /api/keys': () => ({ body: makeKeysResponse(keys) }),
      'POST /api/keys/playground': () => {
        keys = [playground];
        return { body: { key: playground, created: true, message: PLAYGROUND_KEY_TEXTS.created } };
      },
    });
    expect(
      await screen.findByText(new RegExp(`at most ${PLAYGROUND_KEY.dailyCredits} credits a day`)),
    ).toBeInTheDocument();
    expect(await within(await panel()).findByRole('button', { name: RUN_LABEL })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: PLAYGROUND_KEY_TEXTS.create }));

    const picker = await screen.findByRole('combobox', { name: PLAYGROUND_KEY_LABEL });
    await screen.findByRole('option', { name: PLAYGROUND_KEY.name });
    expect(picker).toHaveValue('key_pg');
    expect(screen.queryByRole('button', { name: PLAYGROUND_KEY_TEXTS.create })).not.toBeInTheDocument();
    expect(localStorage.getItem(PLAYGROUND_KEY_STORAGE_KEY)).toBe('key_pg');
    expect(api.callsTo('POST /api/keys/playground')).toHaveLength(1);

    const image = within(await panel());
    await user.click(await image.findByRole('button', { name: RUN_LABEL }));
    await image.findByRole('img', { name: /^Generated image/ });
    expect(api.callsTo('POST /api/provider/image')[0]?.headers['x-api-key']).toBe(playground.keyValue);
  });

  it("without keys at the workspace's key limit: the refusal shows and no key is selected", async () => {
    const { user } = openPlayground({
      'GET /api/keys': { body: makeKeysResponse([]) },
      'POST /api/keys/playground': errorReply(409, keyLimitMessage(10)),
    });
    await user.click(await screen.findByRole('button', { name: PLAYGROUND_KEY_TEXTS.create }));
    expect(await screen.findByRole('alert')).toHaveTextContent(keyLimitMessage(10));
    expect(await within(await panel()).findByRole('button', { name: RUN_LABEL })).toBeDisabled();
  });
});
