import { FREE_CREDITS_ON_VERIFY, ROUTES } from '@conduit/contracts';
import { ArrowRight } from 'lucide-react';
import { Button, ButtonLink } from '../../components/ui/button.tsx';
import { Container } from '../../components/ui/container.tsx';
import { useLandingActions } from './use-landing-actions.ts';

export function CtaSection() {
  const { getStarted } = useLandingActions();
  return (
    <section aria-labelledby="cta-heading" className="pb-20 sm:pb-28">
      <Container>
        <div className="relative overflow-hidden rounded-3xl border border-border bg-surface px-6 py-14 text-center shadow-card sm:px-12">
          <div aria-hidden="true" className="hero-glow pointer-events-none absolute inset-0" />
          <div className="relative">
            <h2
              id="cta-heading"
              className="text-balance font-semibold text-3xl text-fg tracking-tight sm:text-4xl"
            >
              Your first request is one curl away
            </h2>
            <p className="mx-auto mt-4 max-w-xl text-lg text-muted">
              Create an account, verify your email and get {FREE_CREDITS_ON_VERIFY} free credits to try every
              service.
            </p>
            <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
              <Button size="lg" onClick={getStarted}>
                Get started free
                <ArrowRight aria-hidden="true" className="size-4" />
              </Button>
              <ButtonLink size="lg" variant="secondary" to={ROUTES.docs}>
                Read the docs
              </ButtonLink>
            </div>
          </div>
        </div>
      </Container>
    </section>
  );
}
