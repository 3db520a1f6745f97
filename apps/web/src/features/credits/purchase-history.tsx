import type { CreditPackage } from '@conduit/contracts';
import { useQuery } from '@tanstack/react-query';
import { EmptyNote } from '../../components/ui/load-more.tsx';
import { PageSection } from '../../components/ui/page-section.tsx';
import { QueryContent } from '../../components/ui/query-content.tsx';
import { paymentsQuery } from './credits-api.ts';
import { PaymentsTable } from './payments-table.tsx';

export const HISTORY_TITLE = 'Purchase history';
export const HISTORY_LOAD_FAILED = 'Failed to load purchase history';
export const HISTORY_EMPTY = 'No purchases yet. Packs you buy show up here.';

/** Every checkout this account started, newest first, with what became of it. */
export function PurchaseHistory({ packages }: { packages: Record<string, CreditPackage> }) {
  const history = useQuery(paymentsQuery);

  return (
    <PageSection title={HISTORY_TITLE}>
      {(headingId) => (
        <>
          <div className="mt-4">
            <QueryContent query={history} failedText={HISTORY_LOAD_FAILED}>
              {({ payments }) =>
                payments.length === 0 ? (
                  <EmptyNote>{HISTORY_EMPTY}</EmptyNote>
                ) : (
                  <PaymentsTable payments={payments} packages={packages} labelledBy={headingId} />
                )
              }
            </QueryContent>
          </div>
        </>
      )}
    </PageSection>
  );
}
