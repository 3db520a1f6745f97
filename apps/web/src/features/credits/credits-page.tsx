import { PACK_PARAM, TEAM_TEXTS } from '@conduit/contracts';
import { useQuery } from '@tanstack/react-query';
import { LoaderCircle } from 'lucide-react';
import { useSearchParams } from 'react-router';
import { FormAlert } from '../../components/ui/form-alert.tsx';
import { LoadError } from '../../components/ui/load-error.tsx';
import { PageTitle } from '../../components/ui/page-title.tsx';
import { LoadingSkeleton, Skeleton } from '../../components/ui/skeleton.tsx';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { LowBalanceAlerts } from '../alerts/low-balance-alerts.tsx';
import { useWorkspace } from '../workspaces/use-workspace.ts';
import { AutoTopUpSection } from './auto-top-up-section.tsx';
import { BillingDetailsSection } from './billing-details-section.tsx';
import { CreditSummary } from './credit-summary.tsx';
import { creditsQuery } from './credits-api.ts';
import { creditsLoadErrorText, isRetryableLoadError } from './credits-load-error.ts';
import { PackagePicker } from './package-picker.tsx';
import { PurchaseHistory } from './purchase-history.tsx';
import { UsageCosts } from './usage-costs.tsx';
import { usePaymentReturn } from './use-payment-return.ts';

export const VERIFYING_PAYMENT = 'Confirming your payment...';

/** /app/credits: balance and totals, the pack picker, what each service costs, and past purchases. */
export function CreditsPage() {
  useDocumentTitle('Credits');
  const { isVerifying } = usePaymentReturn();
  const credits = useQuery(creditsQuery);
  const [searchParams] = useSearchParams();
  // A developer in a team sees the balance and costs, but buying is for owners, admins and billing.
  const { can, role, query: workspaces } = useWorkspace();
  const canBuy = !workspaces.isPending && can('buyCredits');

  return (
    <div className="max-w-6xl space-y-10">
      <PageTitle title="Credits" lead="Buy credit packs and see where your credits go." />
      {isVerifying && (
        <p
          role="status"
          className="flex items-center gap-2 rounded-lg border border-border bg-surface p-3 text-fg text-sm"
        >
          <LoaderCircle aria-hidden="true" className="size-4 animate-spin motion-reduce:animate-none" />
          {VERIFYING_PAYMENT}
        </p>
      )}
      {credits.isPending ? (
        <LoadingSkeleton className="space-y-10">
          <div className="grid gap-4 sm:grid-cols-3">
            {[1, 2, 3].map((card) => (
              <Skeleton key={card} className="h-28 rounded-2xl" />
            ))}
          </div>
          <div className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-3 xl:grid-cols-5">
            {[1, 2, 3, 4, 5].map((pack) => (
              <Skeleton key={pack} className="h-36 rounded-2xl" />
            ))}
          </div>
        </LoadingSkeleton>
      ) : credits.isError ? (
        isRetryableLoadError(credits.error) ? (
          <LoadError
            message={creditsLoadErrorText(credits.error)}
            onRetry={() => void credits.refetch()}
            isRetrying={credits.isFetching}
          />
        ) : (
          <FormAlert>{creditsLoadErrorText(credits.error)}</FormAlert>
        )
      ) : (
        <>
          <CreditSummary credits={credits.data} />
          {canBuy ? (
            <PackagePicker packages={credits.data.creditPackages} preferred={searchParams.get(PACK_PARAM)} />
          ) : (
            role && (
              <p className="rounded-lg border border-border bg-surface p-4 text-fg text-sm">
                {TEAM_TEXTS.roleForbidden(role)} Owners, admins and billing members buy credits for the team.
              </p>
            )
          )}
          <UsageCosts credits={credits.data} />
          <LowBalanceAlerts />
          {canBuy && <AutoTopUpSection packages={credits.data.creditPackages} />}
          {canBuy && <PurchaseHistory packages={credits.data.creditPackages} />}
          {canBuy && <BillingDetailsSection />}
        </>
      )}
    </div>
  );
}
