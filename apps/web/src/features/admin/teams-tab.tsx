import { useInfiniteQuery } from '@tanstack/react-query';
import { RowsSkeleton } from '../../components/ui/skeleton.tsx';
import { adminTeamsQuery } from './admin-api.ts';
import { AdminLoadError } from './admin-load-error.tsx';
import { PageNav, SearchBox, usePagedRows, useSearch } from './paged-rows.tsx';
import { TeamsTable } from './teams-table.tsx';

/** Teams: searched by name, billing email or a member's email, ten a page (docs/product.md, "Teams in the web app"). */
export function TeamsTab() {
  const { text, setText, search } = useSearch();
  const teams = useInfiniteQuery(adminTeamsQuery(search));
  const paged = usePagedRows(teams, (batch) => batch.teams, search);

  return (
    <div className="space-y-4">
      <SearchBox
        label="Search teams"
        placeholder="Search by team name or email"
        value={text}
        onChange={setText}
      />
      {teams.isPending ? (
        <RowsSkeleton rows={5} className="py-6" />
      ) : teams.isError && paged.loaded.length === 0 ? (
        <AdminLoadError onRetry={() => void teams.refetch()} isRetrying={teams.isFetching} />
      ) : paged.loaded.length === 0 ? (
        <p className="rounded-2xl border border-border border-dashed p-6 text-center text-muted text-sm">
          {search ? `No teams match "${search}".` : 'No teams yet.'}
        </p>
      ) : (
        <>
          <TeamsTable teams={paged.shown} />
          {teams.isFetchNextPageError && (
            <AdminLoadError onRetry={() => void paged.goNext()} isRetrying={teams.isFetchingNextPage} />
          )}
          <PageNav
            label="Teams pages"
            paged={paged}
            search={search}
            isFetchingNext={teams.isFetchingNextPage}
          />
        </>
      )}
    </div>
  );
}
