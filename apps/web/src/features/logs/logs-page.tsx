import { REQUEST_LOG_TEXTS, type RequestLogItem } from '@conduit/contracts';
import { useInfiniteQuery } from '@tanstack/react-query';
import { RefreshCw } from 'lucide-react';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { Button } from '../../components/ui/button.tsx';
import { ExportCsvLink } from '../../components/ui/export-csv-link.tsx';
import { PageSection } from '../../components/ui/page-section.tsx';
import { PageTitle } from '../../components/ui/page-title.tsx';
import { PagedItems } from '../../components/ui/paged-list.tsx';
import { RowsSkeleton } from '../../components/ui/skeleton.tsx';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { type LogFilters, requestLogCsvUrl, requestLogQuery } from './logs-api.ts';
import { LogsFilters } from './logs-filters.tsx';
import { LogsTable } from './logs-table.tsx';
import { RequestDetailDialog } from './request-detail-dialog.tsx';

const FILTER_NAMES = [
  'keyId',
  'service',
  'statusClass',
  'code',
  'from',
  'to',
  'q',
  'metadataKey',
  'metadataValue',
] as const;
export const LOGS_LOAD_FAILED = 'Failed to load the request log';

/**
 * /app/logs: every request the workspace's keys made, accepted or refused, with filters kept in
 * the URL, a detail dialog with the error text, and the CSV export of the same filters.
 */
export function LogsPage() {
  useDocumentTitle(REQUEST_LOG_TEXTS.title);
  const [params, setParams] = useSearchParams();
  const filters: LogFilters = {};
  for (const name of FILTER_NAMES) {
    const value = params.get(name);
    if (value) filters[name] = value;
  }
  const requests = useInfiniteQuery(requestLogQuery(filters));
  const [open, setOpen] = useState<RequestLogItem | null>(null);

  return (
    <div className="max-w-6xl space-y-6">
      <PageTitle title={REQUEST_LOG_TEXTS.title} lead={REQUEST_LOG_TEXTS.intro} />
      <LogsFilters
        key={filters.q ?? ''}
        filters={filters}
        onApply={(next) => setParams(next, { replace: true })}
      />
      <PageSection
        title="Requests"
        actions={
          <div className="flex gap-2">
            <Button variant="secondary" size="sm" onClick={() => requests.refetch()}>
              <RefreshCw aria-hidden="true" className="size-4" />
              Refresh
            </Button>
            <ExportCsvLink href={requestLogCsvUrl(filters)}>{REQUEST_LOG_TEXTS.exportCsv}</ExportCsvLink>
          </div>
        }
      >
        {(headingId) => (
          <div className="mt-4">
            <PagedItems
              query={requests}
              failedText={LOGS_LOAD_FAILED}
              loading={<RowsSkeleton />}
              empty={REQUEST_LOG_TEXTS.empty}
            >
              {(items) => <LogsTable items={items} labelledBy={headingId} onOpen={setOpen} />}
            </PagedItems>
          </div>
        )}
      </PageSection>
      <RequestDetailDialog item={open} onClose={() => setOpen(null)} />
    </div>
  );
}
