import { useInfiniteQuery } from '@tanstack/react-query';
import { ExportCsvLink } from '../../components/ui/export-csv-link.tsx';
import { PageSection } from '../../components/ui/page-section.tsx';
import { PagedItems } from '../../components/ui/paged-list.tsx';
import { LoadingSkeleton, Skeleton } from '../../components/ui/skeleton.tsx';
import { apiUrl } from '../../lib/api-client.ts';
import { withViewedMode } from '../../lib/test-data-view.ts';
import { USAGE_EXPORT_PATH, usageQuery } from '../usage/dashboard-queries.ts';
import { UsageTable } from './usage-table.tsx';

export const RECENT_CALLS_TITLE = 'Recent calls';
export const USAGE_LOAD_FAILED = 'Failed to load recent calls';

/** The usage history: one row per paid call, newest first, "Load more" on the keyset cursor, CSV export. */
export function RecentCalls() {
  const usage = useInfiniteQuery(usageQuery);

  return (
    <PageSection
      title={RECENT_CALLS_TITLE}
      summary="Every paid call, with what it cost or what came back."
      actions={<ExportCsvLink href={withViewedMode(apiUrl(USAGE_EXPORT_PATH))}>Export CSV</ExportCsvLink>}
    >
      {(headingId) => (
        <>
          <div className="mt-4">
            <PagedItems
              query={usage}
              failedText={USAGE_LOAD_FAILED}
              loading={
                <LoadingSkeleton className="space-y-2">
                  {[1, 2, 3].map((row) => (
                    <Skeleton key={row} className="h-12" />
                  ))}
                </LoadingSkeleton>
              }
              empty="No calls yet. Calls made with your API keys show up here."
            >
              {(items) => <UsageTable items={items} labelledBy={headingId} />}
            </PagedItems>
          </div>
        </>
      )}
    </PageSection>
  );
}
