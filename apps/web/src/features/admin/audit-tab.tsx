import type { AuditEntry } from '@conduit/contracts';
import { useInfiniteQuery } from '@tanstack/react-query';
import { ColumnTable, type TableColumn } from '../../components/ui/column-table.tsx';
import { EmptyNote, LoadMore, retryNextPage } from '../../components/ui/load-more.tsx';
import { RowsSkeleton } from '../../components/ui/skeleton.tsx';
import { Timestamp } from '../../components/ui/timestamp.tsx';
import { auditLogQuery } from './admin-api.ts';
import { humanize } from './admin-format.ts';
import { AdminLoadError } from './admin-load-error.tsx';

export const AUDIT_EMPTY = 'No admin changes yet. Every change an admin makes is recorded here.';

type Change = { from: unknown; to: unknown };
const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const isChange = (value: unknown): value is Change => isRecord(value) && 'from' in value && 'to' in value;

function detailText(value: unknown): string {
  if (value === null || value === undefined) return 'none';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (isChange(value)) return `${detailText(value.from)} → ${detailText(value.to)}`;
  return JSON.stringify(value);
}

/** `before` and `after` records ({enabled, priority} each) as one change per field that moved. */
function beforeAfterRows(
  before: Record<string, unknown>,
  after: Record<string, unknown>,
): [string, string][] {
  const fields = [...new Set([...Object.keys(before), ...Object.keys(after)])];
  return fields
    .filter((field) => before[field] !== after[field])
    .map((field) => [humanize(field), detailText({ from: before[field], to: after[field] })]);
}

/**
 * Label and text per detail; a record of changes ({tier: {from, to}}) reads one line per field,
 * and so do `before` and `after` records (a channel's enabled flag and priority).
 */
export function detailRows(details: AuditEntry['details']): [string, string][] {
  const { before, after, ...rest } = details;
  if (isRecord(before) && isRecord(after)) return [...detailRows(rest), ...beforeAfterRows(before, after)];
  return Object.entries(details).flatMap(([key, value]): [string, string][] => {
    if (isRecord(value) && !isChange(value) && Object.values(value).every(isChange)) {
      return Object.entries(value).map(([field, change]) => [humanize(field), detailText(change)]);
    }
    return [[humanize(key), detailText(value)]];
  });
}

function Details({ details }: { details: AuditEntry['details'] }) {
  const rows = detailRows(details);
  if (rows.length === 0) return <span className="text-muted">-</span>;
  return (
    <dl className="space-y-0.5 text-xs">
      {rows.map(([label, text]) => (
        <div key={label} className="flex flex-wrap gap-x-1.5">
          <dt className="text-muted">{label}:</dt>
          <dd className="break-all font-mono text-fg">{text}</dd>
        </div>
      ))}
    </dl>
  );
}

const COLUMNS: TableColumn<AuditEntry>[] = [
  {
    name: 'Time',
    className: 'align-top text-fg sm:whitespace-nowrap',
    cell: (entry) => <Timestamp at={entry.at} />,
  },
  {
    name: 'Actor',
    className: 'break-all align-top text-fg',
    cell: (entry) => entry.actorEmail ?? entry.actorId ?? <span className="text-muted">System</span>,
  },
  {
    name: 'Action',
    className: 'align-top text-fg',
    cell: (entry) => <span title={entry.action}>{humanize(entry.action)}</span>,
  },
  {
    name: 'Target',
    className: 'break-all align-top text-fg',
    cell: (entry) => entry.targetEmail ?? entry.targetUserId ?? <span className="text-muted">-</span>,
  },
  {
    name: 'Details',
    className: 'align-top max-sm:col-span-2',
    cell: (entry) => <Details details={entry.details} />,
  },
];

/** Every admin change, newest first, a page at a time on the server's cursor. */
export function AuditTab() {
  const log = useInfiniteQuery(auditLogQuery);
  const entries = log.data?.pages.flatMap((page) => page.entries) ?? [];

  if (log.isPending) return <RowsSkeleton rows={5} className="py-6" />;
  if (log.isError && entries.length === 0) {
    return <AdminLoadError onRetry={() => void log.refetch()} isRetrying={log.isFetching} />;
  }
  if (entries.length === 0) {
    return <EmptyNote>{AUDIT_EMPTY}</EmptyNote>;
  }
  return (
    <div className="space-y-4">
      <ColumnTable columns={COLUMNS} rows={entries} rowKey={(entry) => entry.id} label="Audit log" />
      <LoadMore pages={log} failure={<AdminLoadError {...retryNextPage(log)} />} />
    </div>
  );
}
