import { useInfiniteQuery } from '@tanstack/react-query';
import { adminTeamsQuery } from './admin-api.ts';
import { PagedRowsView, SearchBox, usePagedRows, useSearch } from './paged-rows.tsx';
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
      <PagedRowsView query={teams} paged={paged} search={search} noun="Teams">
        {(shown) => <TeamsTable teams={shown} />}
      </PagedRowsView>
    </div>
  );
}
