import { LANDING_STATS } from '@conduit/contracts';
import { ArrowRight } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '../../components/ui/button.tsx';
import { Container } from '../../components/ui/container.tsx';
import { HeroCodeSample } from './hero-code-sample.tsx';

const PITCH =
  'Generate images and videos, strip watermarks from Sora clips in 3-6 seconds, and pull LinkedIn profiles and posts through one REST API.';

/**
 * The hero both sites show (docs/product.md, "What the product is"): the badge, the headline and
 * pitch, the site's own next step (`invitation` after the pitch, the `primary` and `secondary`
 * buttons, a `note` under them), the stats and the code sample.
 */
export function HeroFrame({
  badge,
  invitation,
  primary,
  secondary,
  note,
}: {
  badge: ReactNode;
  invitation: string;
  primary: { label: string; onClick: () => void };
  secondary: { label: ReactNode; onClick: () => void };
  note: ReactNode;
}) {
  return (
    <section aria-labelledby="hero-heading" className="relative overflow-hidden">
      <div aria-hidden="true" className="hero-glow pointer-events-none absolute inset-0" />
      <div aria-hidden="true" className="bg-grid pointer-events-none absolute inset-0 opacity-60" />
      <Container className="relative grid items-center gap-12 pt-14 pb-16 sm:pt-20 lg:grid-cols-[1.05fr_1fr] lg:gap-10 lg:pt-24 lg:pb-24">
        <div>
          <p className="inline-flex items-center gap-2 rounded-full border border-border bg-surface px-3 py-1 text-muted text-xs">
            <span aria-hidden="true" className="size-1.5 rounded-full bg-success" />
            {badge}
          </p>
          <h1
            id="hero-heading"
            className="mt-6 text-balance font-semibold text-4xl text-fg leading-[1.08] tracking-tight sm:text-5xl lg:text-6xl"
          >
            AI media and profile data, <span className="text-primary-text">one API&nbsp;key</span> away
          </h1>
          <p className="mt-6 max-w-xl text-lg text-muted leading-relaxed">
            {PITCH} {invitation}
          </p>
          <div className="mt-8 flex flex-col gap-3 sm:flex-row">
            <Button size="lg" onClick={primary.onClick}>
              {primary.label}
              <ArrowRight aria-hidden="true" className="size-4" />
            </Button>
            <Button size="lg" variant="secondary" onClick={secondary.onClick}>
              {secondary.label}
            </Button>
          </div>
          <p className="mt-4 text-muted text-sm">{note}</p>
          <dl className="mt-10 grid max-w-lg grid-cols-3 gap-4 border-border border-t pt-6">
            {LANDING_STATS.map((stat) => (
              <div key={stat.label} className="flex flex-col">
                <dt className="text-muted text-sm">{stat.label}</dt>
                <dd className="order-first font-semibold text-2xl text-fg tracking-tight sm:text-3xl">
                  {stat.value}
                </dd>
              </div>
            ))}
          </dl>
        </div>
        <HeroCodeSample />
      </Container>
    </section>
  );
}
