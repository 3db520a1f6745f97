import type { WaitlistJoinResponse } from '@conduit/contracts';
import { PartyPopper } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { Container } from '../../components/ui/container.tsx';
import { EmailAddress } from '../../components/ui/email-address.tsx';
import { ReferralShare } from './referral-share.tsx';
import { ResendConfirmationButton } from './resend-confirmation-button.tsx';
import { StandingFigures } from './standing-figures.tsx';

/**
 * The success view after joining (docs/product.md, "Waitlist mode"): position, priority score,
 * referral sharing.
 */
export function WaitlistSuccess({ result }: { result: WaitlistJoinResponse }) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    // Optional call: jsdom has no scrollIntoView.
    headingRef.current?.scrollIntoView?.({ block: 'center' });
    headingRef.current?.focus();
  }, []);
  // The signed link of the entry just made, so the status page shows this same position.
  const statusUrl = new URL(result.statusLink, window.location.origin);
  const statusPath = `${statusUrl.pathname}${statusUrl.search}`;

  return (
    <section aria-labelledby="waitlist-success-heading" className="py-12 sm:py-16">
      <Container>
        <div className="mx-auto max-w-3xl rounded-3xl border border-border bg-surface p-6 shadow-card sm:p-10">
          <PartyPopper aria-hidden="true" className="size-10 text-primary-text" />
          <h2
            id="waitlist-success-heading"
            ref={headingRef}
            tabIndex={-1}
            className="mt-4 font-semibold text-3xl text-fg tracking-tight outline-none"
          >
            You're on the waitlist!
          </h2>
          <p className="mt-2 text-muted">
            We sent a confirmation link to{' '}
            <EmailAddress email={result.email} className="font-medium text-fg" />.
          </p>
          <div className="mt-6">
            <StandingFigures standing={result} />
          </div>
          <h3 className="mt-8 font-semibold text-fg">Next steps</h3>
          <ol className="mt-2 list-decimal space-y-1 pl-5 text-muted text-sm">
            {result.nextSteps.map((step) => (
              <li key={step}>{step}</li>
            ))}
          </ol>
          <div className="mt-4 flex flex-wrap items-center gap-4">
            <ResendConfirmationButton email={result.email} />
            <Link to={statusPath} className="font-medium text-primary-text text-sm hover:underline">
              Check your status
            </Link>
          </div>
          <div className="mt-8 border-border border-t pt-6">
            <ReferralShare referralLink={result.referralLink} />
          </div>
        </div>
      </Container>
    </section>
  );
}
