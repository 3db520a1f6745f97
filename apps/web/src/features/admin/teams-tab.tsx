import { adminTeamsQuery } from './admin-api.ts';
import { SearchedRows } from './paged-rows.tsx';
import { TeamsTable } from './teams-table.tsx';

/** Teams: searched by name, billing email or a member's email, ten a page (docs/product.md, "Teams in the web app"). */
export function TeamsTab() {
  return (
    <div className="space-y-4">
      <SearchedRows
        searchLabel="Search teams"
        placeholder="Search by team name or email"
        noun="Teams"
        queryFor={adminTeamsQuery}
        rowsOf={(batch) => batch.teams}
      >
        {(shown) => <TeamsTable teams={shown} />}
      </SearchedRows>
    </div>
  );
}
