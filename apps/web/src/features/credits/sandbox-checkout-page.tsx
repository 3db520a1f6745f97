import { MESSAGES } from '@conduit/contracts';
import { useQuery } from '@tanstack/react-query';
import { FlaskConical } from 'lucide-react';
import { useParams } from 'react-router';
import { LoadingScreen } from '../../components/layout/loading-screen.tsx';
import { Logo } from '../../components/ui/logo.tsx';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { RequireAuth } from '../auth/require-auth.tsx';
import { sandboxCheckoutQuery } from './credits-api.ts';
import { SandboxCheckoutCard } from './sandbox-checkout-card.tsx';
import { SandboxCheckoutError, SandboxCheckoutNotOpen } from './sandbox-checkout-states.tsx';

export const TEST_MODE_BANNER = 'TEST MODE — no real payment is taken';

function SandboxCheckout({ sessionId }: { sessionId: string }) {
  const checkout = useQuery({ ...sandboxCheckoutQuery(sessionId), retry: false });
  if (checkout.isPending) return <LoadingScreen label={MESSAGES.loading} />;
  if (checkout.isError) {
    return (
      <SandboxCheckoutError
        error={checkout.error}
        onRetry={() => void checkout.refetch()}
        isRetrying={checkout.isFetching}
      />
    );
  }
  if (checkout.data.status !== 'open') return <SandboxCheckoutNotOpen status={checkout.data.status} />;
  return <SandboxCheckoutCard checkout={checkout.data} onStale={() => void checkout.refetch()} />;
}

/**
 * /sandbox-checkout/:sessionId: the stand-in for Stripe's hosted checkout on an installation
 * without Stripe keys. It looks unlike the app on purpose, with a banner that says nothing is charged.
 */
export function SandboxCheckoutPage() {
  useDocumentTitle('Test checkout');
  const { sessionId = '' } = useParams();
  return (
    <div className="flex min-h-dvh flex-col">
      <header>
        <p
          role="note"
          className="flex items-center justify-center gap-2 bg-warning px-4 py-3 text-center font-semibold text-bg text-sm tracking-wide sm:text-base"
        >
          <FlaskConical aria-hidden="true" className="size-5 shrink-0" />
          {TEST_MODE_BANNER}
        </p>
        <div className="mx-auto flex w-full max-w-lg items-center justify-between px-4 pt-8">
          <Logo />
          <span className="rounded-full border border-warning px-2.5 py-0.5 font-medium text-warning text-xs">
            Test checkout
          </span>
        </div>
      </header>
      <main className="mx-auto w-full max-w-lg flex-1 px-4 py-8">
        <RequireAuth>{() => <SandboxCheckout sessionId={sessionId} />}</RequireAuth>
      </main>
    </div>
  );
}
