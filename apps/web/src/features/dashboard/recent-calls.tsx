import { useInfiniteQuery } from '@tanstack/react-query';
import { Download } from 'lucide-react';
import { buttonClasses } from '../../components/ui/button-styles.ts';
import { LoadError, QueryLoadError } from '../../components/ui/load-error.tsx';
import { EmptyNote, LoadMore, retryNextPage } from '../../components/ui/load-more.tsx';
import { PageSection } from '../../components/ui/page-section.tsx';
import { LoadingSkeleton, Skeleton } from '../../components/ui/skeleton.tsx';
import { apiUrl } from '../../lib/api-client.ts';
import { USAGE_EXPORT_PATH, usageQuery } from './dashboard-queries.ts';
import { UsageTable } from './usage-table.tsx';

export const RECENT_CALLS_TITLE = 'Recent calls';
export const USAGE_LOAD_FAILED = 'Failed to load recent calls';

/** The usage history: one row per paid call, newest first, "Load more" on the keyset cursor, CSV export. */
export function RecentCalls() {
  const usage = useInfiniteQuery(usageQuery);
  const items = usage.data?.pages.flatMap((page) => page.items) ?? [];

  return (
    <PageSection
      title={RECENT_CALLS_TITLE}
      summary="Every paid call, with what it cost or what came back."
      actions={
        <a href={apiUrl(USAGE_EXPORT_PATH)} download className={buttonClasses('secondary', 'sm')}>
          <Download aria-hidden="true" className="size-4" />
          Export CSV
        </a>
      }
    >
      {(headingId) => (
        <>
          <div className="mt-4">
            {usage.isPending ? (
              <LoadingSkeleton className="space-y-2">
                {[1, 2, 3].map((row) => (
                  <Skeleton key={row} className="h-12" />
                ))}
              </LoadingSkeleton>
            ) : usage.isError && items.length === 0 ? (
              <QueryLoadError query={usage} message={USAGE_LOAD_FAILED} />
            ) : items.length === 0 ? (
              <EmptyNote>No calls yet. Calls made with your API keys show up here.</EmptyNote>
            ) : (
              <>
                <UsageTable items={items} labelledBy={headingId} />
                <LoadMore
                  pages={usage}
                  className="mt-4"
                  failure={<LoadError message={USAGE_LOAD_FAILED} {...retryNextPage(usage)} />}
                />
              </>
            )}
          </div>
        </>
      )}
    </PageSection>
  );
}
