import type { AuditEntry } from '@conduit/contracts';
import { useInfiniteQuery } from '@tanstack/react-query';
import { EmptyNote, LoadMore, retryNextPage } from '../../components/ui/load-more.tsx';
import { RowsSkeleton } from '../../components/ui/skeleton.tsx';
import { CardTable, Cell, ROW_CLASSES } from '../../components/ui/stacked-table.tsx';
import { Timestamp } from '../../components/ui/timestamp.tsx';
import { auditLogQuery } from './admin-api.ts';
import { humanize } from './admin-format.ts';
import { AdminLoadError } from './admin-load-error.tsx';

export const AUDIT_EMPTY = 'No admin changes yet. Every change an admin makes is recorded here.';
const COLUMNS = ['Time', 'Actor', 'Action', 'Target', 'Details'] as const;

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

function AuditTable({ entries }: { entries: AuditEntry[] }) {
  return (
    <CardTable columns={COLUMNS} label="Audit log">
      {entries.map((entry) => (
        <tr key={entry.id} className={ROW_CLASSES}>
          <Cell column="Time" className="align-top text-fg sm:whitespace-nowrap">
            <Timestamp at={entry.at} />
          </Cell>
          <Cell column="Actor" className="break-all align-top text-fg">
            {entry.actorEmail ?? entry.actorId ?? <span className="text-muted">System</span>}
          </Cell>
          <Cell column="Action" className="align-top text-fg">
            <span title={entry.action}>{humanize(entry.action)}</span>
          </Cell>
          <Cell column="Target" className="break-all align-top text-fg">
            {entry.targetEmail ?? entry.targetUserId ?? <span className="text-muted">-</span>}
          </Cell>
          <Cell column="Details" className="align-top max-sm:col-span-2">
            <Details details={entry.details} />
          </Cell>
        </tr>
      ))}
    </CardTable>
  );
}

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
      <AuditTable entries={entries} />
      <LoadMore pages={log} failure={<AdminLoadError {...retryNextPage(log)} />} />
    </div>
  );
}
