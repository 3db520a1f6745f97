import { MESSAGES } from '@conduit/contracts';
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
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
    expect(pricing.getAllByRole('heading', { level: 3 })).toHaveLength(3);

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
