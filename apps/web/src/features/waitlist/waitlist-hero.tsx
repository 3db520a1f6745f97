import { REFERRAL_BOOST_POSITIONS } from '@conduit/contracts';
import { ArrowRight } from 'lucide-react';
import { Button } from '../../components/ui/button.tsx';
import { Container } from '../../components/ui/container.tsx';
import { HeroCodeSample } from '../landing/hero-code-sample.tsx';
import { HeroStats } from '../landing/hero-stats.tsx';
import { useWaitlistModals } from './waitlist-modals-context.ts';

export function WaitlistHero() {
  const { openJoin, openContactSales } = useWaitlistModals();
  return (
    <section aria-labelledby="hero-heading" className="relative overflow-hidden">
      <div aria-hidden="true" className="hero-glow pointer-events-none absolute inset-0" />
      <div aria-hidden="true" className="bg-grid pointer-events-none absolute inset-0 opacity-60" />
      <Container className="relative grid items-center gap-12 pt-14 pb-16 sm:pt-20 lg:grid-cols-[1.05fr_1fr] lg:gap-10 lg:pt-24 lg:pb-24">
        <div>
          <p className="inline-flex items-center gap-2 rounded-full border border-border bg-surface px-3 py-1 text-muted text-xs">
            <span aria-hidden="true" className="size-1.5 rounded-full bg-success" />
            Launching soon · Early access by invitation
          </p>
          <h1
            id="hero-heading"
            className="mt-6 text-balance font-semibold text-4xl text-fg leading-[1.08] tracking-tight sm:text-5xl lg:text-6xl"
          >
            AI media and profile data, <span className="text-primary-text">one API&nbsp;key</span> away
          </h1>
          <p className="mt-6 max-w-xl text-lg text-muted leading-relaxed">
            Generate images and videos, strip watermarks from Sora clips in 3-6 seconds, and pull LinkedIn
            profiles and posts through one REST API. Join the waitlist and we will invite you as soon as your
            spot comes up.
          </p>
          <div className="mt-8 flex flex-col gap-3 sm:flex-row">
            <Button size="lg" onClick={openJoin}>
              Join the waitlist
              <ArrowRight aria-hidden="true" className="size-4" />
            </Button>
            <Button size="lg" variant="secondary" onClick={openContactSales}>
              Contact sales
            </Button>
          </div>
          <p className="mt-4 text-muted text-sm">
            Each friend who joins through your link moves you up {REFERRAL_BOOST_POSITIONS} places.
          </p>
          <HeroStats />
        </div>
        <HeroCodeSample />
      </Container>
    </section>
  );
}
