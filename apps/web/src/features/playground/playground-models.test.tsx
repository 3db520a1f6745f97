import { act, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { playgroundPathFor } from '../../lib/playground-location.ts';
import { modelsAnswer, openPlayground, playgroundPanel as panel } from '../../test/playground-page.ts';
import { MODEL_PICKER_LABEL } from './model-picker.tsx';
import { RUN_LABEL } from './run-bar.tsx';

const optionsOf = (picker: HTMLElement) =>
  within(picker)
    .getAllByRole('option')
    .map((option) => option.textContent);

/** The operator turned GPT Image 1.5 and Wan 2.6 off and priced Seedream 4.5 at 3 credits. */
const OPERATOR_MODELS = modelsAnswer((model) =>
  model.id === 'gpt-image-1.5' || model.id === 'wan-2.6'
    ? null
    : model.id === 'seedream-4.5'
      ? { ...model, credits: 3 }
      : model,
);

describe('/app/playground models', () => {
  it("offers each service's enabled models with the operator's price, the default first", async () => {
    const { user } = openPlayground({ 'GET /api/provider/models': { body: OPERATOR_MODELS } });
    const image = within(await panel());
    const picker = await image.findByRole('combobox', { name: MODEL_PICKER_LABEL });
    expect(picker).toHaveValue('nano-banana');
    expect(optionsOf(picker)).toEqual([
      'Nano Banana · 1 credit',
      'Nano Banana Pro · 4 credits',
      'Seedream 4.5 · 3 credits',
      'Imagen 4 · 2 credits',
      'Imagen 4 Fast · 1 credit',
    ]);
    // The picker sets the body's model: the form has no model field of its own.
    expect(image.queryByLabelText(/^model/)).not.toBeInTheDocument();
    expect(image.getByText(/^Costs/)).toHaveTextContent(/^Costs 1 credit per image/);
    await user.selectOptions(picker, 'seedream-4.5');
    expect(image.getByText(/^Costs/)).toHaveTextContent(/^Costs 3 credits per image/);

    await user.click(screen.getByRole('tab', { name: /video/i }));
    const video = within(await panel());
    expect(optionsOf(await video.findByRole('combobox', { name: MODEL_PICKER_LABEL }))).toEqual([
      'Veo 3.1 Fast · 10 credits',
      'Veo 3.1 Quality · 10 credits',
      'Kling 2.6 · 12 credits',
      'Seedance 1.0 Pro · 14 credits',
      'Hailuo 02 Pro · 12 credits',
    ]);
  });

  it("a model's own fields replace the default's; the run sends them with the model and costs its price", async () => {
    const { api, user, router } = openPlayground();
    const image = within(await panel());
    await user.selectOptions(
      await image.findByRole('combobox', { name: MODEL_PICKER_LABEL }),
      'seedream-4.5',
    );

    expect(image.queryByLabelText(/^image_size/)).not.toBeInTheDocument();
    expect(image.queryByLabelText(/^output_format/)).not.toBeInTheDocument();
    const quality = image.getByLabelText(/^quality/);
    expect(optionsOf(quality)).toEqual(['basic', 'high']);
    expect(quality).toHaveAccessibleDescription('basic is 2K, high is 4K (one of basic, high)');
    // What the new model also takes is kept.
    expect(image.getByLabelText(/^prompt/)).toHaveValue('A lighthouse at dusk, oil painting');
    expect(image.getByText(/^Costs/)).toHaveTextContent(/^Costs 2 credits per image/);
    expect(router.state.location.search).toBe('?service=image&model=seedream-4.5');

    await user.selectOptions(quality, 'high');
    await user.selectOptions(image.getByLabelText(/^aspect_ratio/), '21:9');
    await user.click(image.getByRole('button', { name: RUN_LABEL }));
    await image.findByRole('img', { name: /^Generated image/ });
    expect(api.callsTo('POST /api/provider/image')[0]?.body).toEqual({
      model: 'seedream-4.5',
      prompt: 'A lighthouse at dusk, oil painting',
      aspect_ratio: '21:9',
      quality: 'high',
    });
    expect(await image.findByText(/Balance after the call/)).toHaveTextContent('18 credits');
  });

  it('video: Kling 2.6 shows its duration and sound, sent as a number and a boolean', async () => {
    const { api, user } = openPlayground(
      { 'GET /api/provider/models': { body: OPERATOR_MODELS } },
      playgroundPathFor('video'),
    );
    const video = within(await panel());
    await user.selectOptions(await video.findByRole('combobox', { name: MODEL_PICKER_LABEL }), 'kling-2.6');
    const duration = video.getByLabelText(/^duration/);
    expect(optionsOf(duration)).toEqual(['5', '10']);
    expect(duration).toHaveValue('5');
    expect(video.queryByLabelText(/^aspectRatio/)).not.toBeInTheDocument();
    expect(video.getByText(/^Costs/)).toHaveTextContent(/^Costs 12 credits per video/);

    await user.selectOptions(duration, '10');
    // An edited field keeps its help.
    expect(duration).toHaveAccessibleDescription('Length of the video in seconds (one of 5, 10)');
    // The price follows the variant the values select: 10 s is 16 credits, with sound 26.
    expect(video.getByText(/^Costs/)).toHaveTextContent(/^Costs 16 credits per video/);
    await user.click(video.getByLabelText(/^sound/));
    expect(video.getByText(/^Costs/)).toHaveTextContent(/^Costs 26 credits per video/);
    // Back to 5 s, with sound: 16 credits, within the balance of 20.
    await user.selectOptions(duration, '5');
    expect(video.getByText(/^Costs/)).toHaveTextContent(/^Costs 16 credits per video/);
    await user.click(video.getByRole('button', { name: RUN_LABEL }));
    await video.findByRole('heading', { name: /^Answer/ });
    expect(api.callsTo('POST /api/provider/video')[0]?.body).toEqual({
      model: 'kling-2.6',
      prompt: 'A drone shot over green hills at sunrise',
      aspect_ratio: '16:9',
      duration: 5,
      sound: true,
    });
    expect(await video.findByText(/Balance after the call/)).toHaveTextContent('4 credits');
  });

  it('a new model keeps only the values it accepts; the link follows the tab shown', async () => {
    const { user, router } = openPlayground();
    const image = within(await panel());
    const picker = await image.findByRole('combobox', { name: MODEL_PICKER_LABEL });
    await user.selectOptions(picker, 'seedream-4.5');
    await user.selectOptions(image.getByLabelText(/^aspect_ratio/), '21:9');
    await user.clear(image.getByLabelText(/^prompt/));
    await user.type(image.getByLabelText(/^prompt/), 'A red kite');
    // GPT Image 1.5 takes 1:1, 2:3 or 3:2: its default replaces 21:9; the prompt stays.
    await user.selectOptions(picker, 'gpt-image-1.5');
    expect(image.getByLabelText(/^aspect_ratio/)).toHaveValue('1:1');
    expect(image.getByLabelText(/^quality/)).toHaveValue('medium');
    expect(image.getByLabelText(/^prompt/)).toHaveValue('A red kite');

    await user.click(screen.getByRole('tab', { name: /video/i }));
    expect(router.state.location.search).toBe('?service=video');
    await user.click(screen.getByRole('tab', { name: /image/i }));
    expect(router.state.location.search).toBe('?service=image&model=gpt-image-1.5');
  });

  it('a link names the model; a disabled or unknown one falls back to the default with a note', async () => {
    const first = openPlayground({}, playgroundPathFor('video', 'kling-2.6'));
    const video = within(await panel());
    expect(await video.findByRole('combobox', { name: MODEL_PICKER_LABEL })).toHaveValue('kling-2.6');
    expect(video.getByLabelText(/^sound/)).not.toBeChecked();
    first.unmount();

    const second = openPlayground(
      { 'GET /api/provider/models': { body: OPERATOR_MODELS } },
      playgroundPathFor('image', 'gpt-image-1.5'),
    );
    const image = within(await panel());
    const picker = await image.findByRole('combobox', { name: MODEL_PICKER_LABEL });
    expect(picker).toHaveValue('nano-banana');
    expect(picker).toHaveAccessibleDescription(
      expect.stringContaining('GPT Image 1.5 is turned off at the moment: Nano Banana is selected instead.'),
    );
    expect(image.getByLabelText(/^image_size/)).toBeInTheDocument();
    second.unmount();

    openPlayground({}, playgroundPathFor('image', 'dall-e'));
    const unknown = await within(await panel()).findByRole('combobox', { name: MODEL_PICKER_LABEL });
    expect(unknown).toHaveValue('nano-banana');
    expect(unknown).toHaveAccessibleDescription(
      expect.stringContaining('There is no image model "dall-e": Nano Banana is selected instead.'),
    );
  });

  it('a handed-over body starts the form with its model and the values that model accepts', async () => {
    const { router } = openPlayground({}, '/app');
    await screen.findByRole('heading', { level: 1 });
    await act(() =>
      router.navigate(playgroundPathFor('video'), {
        state: { prefill: { model: 'kling-2.6', prompt: 'Waves at night', duration: 10, seeds: 12345 } },
      }),
    );
    const video = within(await panel());
    expect(await video.findByRole('combobox', { name: MODEL_PICKER_LABEL })).toHaveValue('kling-2.6');
    expect(video.getByLabelText(/^prompt/)).toHaveValue('Waves at night');
    expect(video.getByLabelText(/^duration/)).toHaveValue('10');
    expect(video.queryByLabelText(/^seeds/)).not.toBeInTheDocument();
  });

  it('shares one list with the docs: going from the playground to the Models table shows the same models', async () => {
    const { router } = openPlayground({ 'GET /api/provider/models': { body: OPERATOR_MODELS } });
    await within(await panel()).findByRole('combobox', { name: MODEL_PICKER_LABEL });
    // In the same visit (one query cache), the docs read what the playground read.
    await act(() => router.navigate('/app/docs?tab=tasks'));
    const table = within(await screen.findByRole('table', { name: 'Models' }));
    expect(table.getByText('seedream-4.5', { selector: 'code' }).closest('tr')).toHaveTextContent(
      '3 credits',
    );
    expect(table.queryByText('wan-2.6')).not.toBeInTheDocument();
    // And back: the playground still offers them.
    await act(() => router.navigate('/app/playground'));
    expect(await within(await panel()).findByRole('combobox', { name: MODEL_PICKER_LABEL })).toHaveValue(
      'nano-banana',
    );
  });
});
