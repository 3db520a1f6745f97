import { ROUTES, type SandboxCheckout } from '@conduit/contracts';
import { CircleAlert, CircleCheck, type LucideIcon, SearchX, TimerOff } from 'lucide-react';
import type { ReactNode } from 'react';
import { ButtonLink } from '../../components/ui/button.tsx';
import { LoadError } from '../../components/ui/load-error.tsx';
import { ApiError } from '../../lib/api-client.ts';

export const SANDBOX_TEXTS = {
  notFoundTitle: 'Checkout not found',
  notFound: 'This checkout session does not exist or belongs to another account.',
  completeTitle: 'This checkout is already complete',
  complete: 'The payment went through; its credits are in your balance.',
  expiredTitle: 'This checkout has expired',
  expired: 'Nothing was charged. Start a new purchase from the Credits page.',
  unavailableTitle: 'Checkout unavailable',
  loadFailed: 'Failed to load the checkout',
  backToCredits: 'Back to credits',
} as const;

function Outcome({
  Icon,
  tone,
  title,
  children,
}: {
  Icon: LucideIcon;
  tone: string;
  title: string;
  children?: ReactNode;
}) {
  return (
    <section className="rounded-2xl border border-border bg-surface p-6 text-center shadow-card sm:p-8">
      <Icon aria-hidden="true" className={`mx-auto size-10 ${tone}`} />
      <h1 className="mt-3 font-semibold text-fg text-xl tracking-tight">{title}</h1>
      {children}
      <ButtonLink to={ROUTES.appCredits} variant="secondary" className="mt-6">
        {SANDBOX_TEXTS.backToCredits}
      </ButtonLink>
    </section>
  );
}

/** A session that can no longer be paid: already complete, or expired. */
export function SandboxCheckoutNotOpen({ status }: { status: Exclude<SandboxCheckout['status'], 'open'> }) {
  return status === 'complete' ? (
    <Outcome Icon={CircleCheck} tone="text-success" title={SANDBOX_TEXTS.completeTitle}>
      <p className="mt-2 text-muted">{SANDBOX_TEXTS.complete}</p>
    </Outcome>
  ) : (
    <Outcome Icon={TimerOff} tone="text-muted" title={SANDBOX_TEXTS.expiredTitle}>
      <p className="mt-2 text-muted">{SANDBOX_TEXTS.expired}</p>
    </Outcome>
  );
}

/** An unknown session (or someone else's: the server answers 404 for both), or a failed load. */
export function SandboxCheckoutError({
  error,
  onRetry,
  isRetrying,
}: {
  error: unknown;
  onRetry: () => void;
  isRetrying: boolean;
}) {
  if (error instanceof ApiError && error.status === 404) {
    return (
      <Outcome Icon={SearchX} tone="text-muted" title={SANDBOX_TEXTS.notFoundTitle}>
        <p className="mt-2 text-muted">{SANDBOX_TEXTS.notFound}</p>
      </Outcome>
    );
  }
  return (
    <Outcome Icon={CircleAlert} tone="text-danger" title={SANDBOX_TEXTS.unavailableTitle}>
      <div className="mt-4 text-left">
        <LoadError message={SANDBOX_TEXTS.loadFailed} onRetry={onRetry} isRetrying={isRetrying} />
      </div>
    </Outcome>
  );
}
