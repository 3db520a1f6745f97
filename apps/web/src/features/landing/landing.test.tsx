import { MESSAGES, MODELS_PATH } from '@conduit/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi } from '../../test/api-mock.ts';
import { modelsAnswer } from '../../test/model-fixtures.ts';
import { renderRoute } from '../../test/render-route.tsx';

function packCard(name: string) {
  const card = screen.getByRole('heading', { name, level: 3 }).closest('li');
  if (!card) throw new Error(`no card for ${name}`);
  return within(card);
}

describe('landing page', () => {
  it('shows the three packs with price, price per credit and what they buy', () => {
    renderRoute('/');
    const pricing = within(document.getElementById('pricing') as HTMLElement);
    expect(pricing.getAllByRole('listitem').filter((item) => item.dataset.pack)).toHaveLength(3);

    const starter = packCard('Starter');
    expect(starter.getByText('$9.99')).toBeInTheDocument();
    expect(starter.getByText(/\$0\.10 per credit/)).toBeInTheDocument();
    for (const item of ['10 videos', '50 LinkedIn scrapes', '100 images', '100 watermark removals']) {
      expect(starter.getByText(item)).toBeInTheDocument();
    }

    const developer = packCard('Developer');
    expect(developer.getByText('$39.99')).toBeInTheDocument();
    expect(developer.getByText(/\$0\.08 per credit/)).toBeInTheDocument();
    expect(developer.getByText('Most popular')).toBeInTheDocument();
    expect(developer.getByText('250 LinkedIn scrapes')).toBeInTheDocument();

    const pro = packCard('Pro');
    expect(pro.getByText('$69.99')).toBeInTheDocument();
    expect(pro.getByText(/\$0\.07 per credit/)).toBeInTheDocument();
    expect(pro.getByText('100 videos')).toBeInTheDocument();
    expect(pro.getByText('1,000 watermark removals')).toBeInTheDocument();
    // Savings against Starter, rounded down: never more than is true.
    expect(starter.queryByText(/less per credit/)).not.toBeInTheDocument();
    expect(developer.getByText('19% less per credit than Starter')).toBeInTheDocument();
    expect(pro.getByText('29% less per credit than Starter')).toBeInTheDocument();
    expect(screen.getByText(/Larger packs save up to 10% on the Pro rate/)).toBeInTheDocument();
  });

  it('shows the four services with their credit cost and the stats', () => {
    renderRoute('/');
    const features = within(document.getElementById('features') as HTMLElement);
    expect(features.getByText('1 credit per image')).toBeInTheDocument();
    expect(features.getByText('10 credits per video')).toBeInTheDocument();
    expect(features.getByText('2 credits per request')).toBeInTheDocument();
    expect(features.getByText(/3-6 seconds/)).toBeInTheDocument();
    expect(screen.getByText('10k+')).toBeInTheDocument();
    expect(screen.getByText('99.9%')).toBeInTheDocument();
    expect(screen.getByText('24/7')).toBeInTheDocument();
  });

  it('lists the image and video models with their price, the default marked, then the operator prices', async () => {
    let answer: (value: ReturnType<typeof modelsAnswer>) => void = () => {};
    const api = mockApi({
      [`GET ${MODELS_PATH}`]: () =>
        new Promise((resolve) => {
          answer = (body) => resolve({ body });
        }),
    });
    renderRoute('/');
    const group = (name: string) => within(screen.getByRole('region', { name: new RegExp(name) }));
    const row = (name: string, id: string) =>
      group(name)
        .getAllByRole('listitem')
        .find((item) => item.dataset.model === id);
    // Before the endpoint answers: the catalogue at its default prices, as prerendered.
    expect(group('Image models').getAllByRole('listitem')).toHaveLength(6);
    expect(group('Video models').getAllByRole('listitem')).toHaveLength(6);
    expect(row('Image models', 'nano-banana')).toHaveTextContent(
      /Nano Banana\s*Default\s*nano-banana\s*1 credit$/,
    );
    expect(row('Video models', 'fast')).toHaveTextContent(/Veo 3\.1 Fast\s*Default\s*fast\s*10 credits$/);
    expect(row('Video models', 'standard')).toHaveTextContent(/^Veo 3\.1 Quality\s*standard\s*10 credits$/);
    expect(row('Video models', 'hailuo-02-pro')).toHaveTextContent('12 credits');
    const pricing = within(document.getElementById('pricing') as HTMLElement);
    expect(pricing.getByText(/Sora watermark removal: 1 credit per video/)).toHaveTextContent(
      'LinkedIn profile and post scraping: 2 credits per request',
    );
    await waitFor(() => expect(api.callsTo(`GET ${MODELS_PATH}`)).toHaveLength(1));

    answer(modelsAnswer({ prices: { 'hailuo-02-pro': 20 }, disabled: ['seedream-4.5'] }));
    await waitFor(() => expect(row('Video models', 'hailuo-02-pro')).toHaveTextContent('20 credits'));
    expect(row('Image models', 'seedream-4.5')).toBeUndefined();
    expect(group('Image models').getAllByRole('listitem')).toHaveLength(5);
    expect(row('Image models', 'nano-banana')).toHaveTextContent('1 credit');
  });

  it('keeps the default prices when the model list cannot be read', async () => {
    const api = mockApi({ [`GET ${MODELS_PATH}`]: { status: 503, body: { error: 'Down' } } });
    renderRoute('/');
    await waitFor(() => expect(api.callsTo(`GET ${MODELS_PATH}`).length).toBeGreaterThan(0));
    const video = within(screen.getByRole('region', { name: /Video models/ }));
    expect(video.getAllByRole('listitem')).toHaveLength(6);
    expect(video.getByText('Wan 2.6').closest('li')).toHaveTextContent('16 credits');
  });

  it('carries the current year in the footer', () => {
    renderRoute('/');
    const year = new Date().getFullYear();
    expect(screen.getByText(`© ${year} Conduit. All rights reserved.`)).toBeInTheDocument();
  });

  it("answers 'Watch demo' with an info notification", () => {
    renderRoute('/');
    fireEvent.click(screen.getByRole('button', { name: 'Watch demo' }));
    expect(screen.getByRole('status')).toHaveTextContent(MESSAGES.demoComingSoon);
  });

  it('opens the auth modal, switches views and closes on Escape', async () => {
    renderRoute('/');
    fireEvent.click(screen.getAllByRole('button', { name: 'Sign in' })[0] as HTMLElement);
    const dialog = await screen.findByRole('dialog', { name: 'Sign in to Conduit' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create one' }));
    expect(screen.getByRole('dialog', { name: 'Create your account' })).toBeInTheDocument();
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('toggles the mobile menu', () => {
    renderRoute('/');
    const toggle = screen.getByRole('button', { name: 'Open menu' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    fireEvent.click(toggle);
    expect(screen.getByRole('button', { name: 'Close menu' })).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('navigation', { name: 'Mobile' })).toBeVisible();
  });
});
