import { useInfiniteQuery } from '@tanstack/react-query';
import { QueryLoadError } from '../../components/ui/load-error.tsx';
import { NextPageButton } from '../../components/ui/load-more.tsx';
import { RowsSkeleton } from '../../components/ui/skeleton.tsx';
import { Timestamp } from '../../components/ui/timestamp.tsx';
import { serverTextOr } from '../../lib/server-error.ts';
import { teamAuditQuery } from '../workspaces/workspaces-api.ts';
import { auditLine } from './audit-lines.ts';

export const AUDIT_LOAD_FAILED = 'Failed to load the audit log';

/** The team's log, newest first, one readable line per entry, with "Show more" for older ones. */
export function TeamAuditLog({ teamId }: { teamId: string }) {
  const log = useInfiniteQuery(teamAuditQuery(teamId));
  if (log.isPending) return <RowsSkeleton rows={3} className="mt-4" />;
  if (log.isError) {
    return (
      <div className="mt-4">
        <QueryLoadError query={log} message={serverTextOr(log.error, AUDIT_LOAD_FAILED)} />
      </div>
    );
  }
  const entries = log.data.pages.flatMap((page) => page.entries);
  if (entries.length === 0) return <p className="mt-4 text-muted text-sm">Nothing recorded yet.</p>;
  return (
    <div className="mt-4 space-y-3">
      <ol aria-label="Audit log" className="divide-y divide-border rounded-xl border border-border">
        {entries.map((entry) => (
          <li key={entry.id} className="flex flex-col gap-0.5 px-4 py-3 sm:flex-row sm:gap-4">
            <Timestamp at={entry.at} className="shrink-0 text-muted text-xs sm:w-40 sm:pt-0.5" />
            <span className="min-w-0 break-words text-fg text-sm">{auditLine(entry)}</span>
          </li>
        ))}
      </ol>
      {log.isFetchNextPageError && <p className="text-danger text-sm">{AUDIT_LOAD_FAILED}</p>}
      {log.hasNextPage && (
        <NextPageButton pages={log} size="sm">
          Show more
        </NextPageButton>
      )}
    </div>
  );
}
