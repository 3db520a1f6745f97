import { BILLING_TEXTS, type CreditPackage, type Payment } from '@conduit/contracts';
import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { EmptyNote } from '../../components/ui/load-more.tsx';
import { PageSection } from '../../components/ui/page-section.tsx';
import { QueryContent } from '../../components/ui/query-content.tsx';
import { paymentsQuery } from './credits-api.ts';
import { PaymentsTable } from './payments-table.tsx';

export const HISTORY_TITLE = 'Purchase history';
export const HISTORY_LOAD_FAILED = 'Failed to load purchase history';
export const HISTORY_EMPTY = 'No purchases yet. Packs you buy show up here.';

/** Paid, or paid and on its way (a delayed method): money that moved. The rest never became a charge. */
const isCharge = (payment: Payment) => payment.status === 'paid' || payment.status === 'processing';

function HistoryPart({
  title,
  summary,
  payments,
  packages,
}: {
  title: string;
  summary?: string;
  payments: Payment[];
  packages: Record<string, CreditPackage>;
}) {
  const headingId = useId();
  return (
    <div className="space-y-2">
      <h3 id={headingId} className="font-medium text-fg">
        {title} <span className="font-normal text-muted">({payments.length})</span>
      </h3>
      {summary && <p className="text-muted text-sm">{summary}</p>}
      <PaymentsTable payments={payments} packages={packages} labelledBy={headingId} />
    </div>
  );
}

/**
 * Every checkout and auto top-up of the workspace, newest first: the paid ones, then apart the ones
 * that never became a charge (canceled, declined, or left open: those expire after a day).
 */
export function PurchaseHistory({ packages }: { packages: Record<string, CreditPackage> }) {
  const history = useQuery(paymentsQuery);

  return (
    <PageSection title={HISTORY_TITLE}>
      <div className="mt-4">
        <QueryContent query={history} failedText={HISTORY_LOAD_FAILED}>
          {({ payments }) => {
            const paid = payments.filter(isCharge);
            const unpaid = payments.filter((payment) => !isCharge(payment));
            if (payments.length === 0) return <EmptyNote>{HISTORY_EMPTY}</EmptyNote>;
            return (
              <div className="space-y-8">
                {paid.length > 0 ? (
                  <HistoryPart title={BILLING_TEXTS.paidPurchases} payments={paid} packages={packages} />
                ) : (
                  <EmptyNote>{HISTORY_EMPTY}</EmptyNote>
                )}
                {unpaid.length > 0 && (
                  <HistoryPart
                    title={BILLING_TEXTS.unpaidCheckouts}
                    summary={BILLING_TEXTS.unpaidCheckoutsSummary}
                    payments={unpaid}
                    packages={packages}
                  />
                )}
              </div>
            );
          }}
        </QueryContent>
      </div>
    </PageSection>
  );
}
