import { ADMIN_USERS_PAGE_SIZE, type AdminUser } from '@conduit/contracts';
import { useInfiniteQuery } from '@tanstack/react-query';
import { Search, UserPlus } from 'lucide-react';
import { useId, useState } from 'react';
import { Button } from '../../components/ui/button.tsx';
import { EmptyNote } from '../../components/ui/load-more.tsx';
import { RowsSkeleton } from '../../components/ui/skeleton.tsx';
import { formatCount } from '../../lib/format.ts';
import { adminUsersQuery } from './admin-api.ts';
import { AdminLoadError } from './admin-load-error.tsx';
import { EditUserDialog } from './edit-user-dialog.tsx';
import { InviteUserDialog } from './invite-user-dialog.tsx';
import { useDebouncedValue } from './use-debounced-value.ts';
import { UsersTable } from './users-table.tsx';

export const SEARCH_DEBOUNCE_MS = 300;

function SearchBox({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  const id = useId();
  return (
    <div className="relative w-full sm:max-w-xs">
      <label htmlFor={id} className="sr-only">
        Search users
      </label>
      <Search
        aria-hidden="true"
        className="-translate-y-1/2 pointer-events-none absolute top-1/2 left-3 size-4 text-muted"
      />
      <input
        id={id}
        type="search"
        value={value}
        placeholder="Search by email or name"
        autoComplete="off"
        onChange={(event) => onChange(event.target.value)}
        className="block h-10 w-full rounded-lg border border-border bg-bg pr-3 pl-9 text-fg text-sm outline-none placeholder:text-muted focus-visible:ring-2 focus-visible:ring-primary-text"
      />
    </div>
  );
}

/**
 * Users: the server sends up to 100 accounts a request (docs/product.md, "Admin figures"); the
 * table shows 10 at a time and pages through them, asking for the next 100 on the cursor when
 * paging past the last.
 */
export function UsersTab() {
  const [searchText, setSearchText] = useState('');
  const search = useDebouncedValue(searchText.trim(), SEARCH_DEBOUNCE_MS);
  const [page, setPage] = useState({ search, index: 0 });
  if (page.search !== search) setPage({ search, index: 0 });
  const [editing, setEditing] = useState<AdminUser | null>(null);
  const [isInviting, setIsInviting] = useState(false);

  const users = useInfiniteQuery(adminUsersQuery(search));
  const loaded = users.data?.pages.flatMap((batch) => batch.users) ?? [];
  const total = users.data?.pages[0]?.total ?? 0;
  const pageCount = Math.max(1, Math.ceil(Math.max(total, loaded.length) / ADMIN_USERS_PAGE_SIZE));
  const index = Math.min(page.index, Math.max(0, Math.ceil(loaded.length / ADMIN_USERS_PAGE_SIZE) - 1));
  const start = index * ADMIN_USERS_PAGE_SIZE;
  const shown = loaded.slice(start, start + ADMIN_USERS_PAGE_SIZE);
  const isLoadedAhead = start + ADMIN_USERS_PAGE_SIZE < loaded.length;
  const canGoNext = isLoadedAhead || (users.hasNextPage && !users.isFetchingNextPage);

  const goNext = async () => {
    if (!isLoadedAhead) {
      const result = await users.fetchNextPage();
      if (result.isError) return;
    }
    setPage({ search, index: index + 1 });
  };

  return (
    <div className="space-y-4">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <SearchBox value={searchText} onChange={setSearchText} />
        <Button onClick={() => setIsInviting(true)}>
          <UserPlus aria-hidden="true" className="size-4" />
          Add user
        </Button>
      </div>
      {users.isPending ? (
        <RowsSkeleton rows={5} className="py-6" />
      ) : users.isError && loaded.length === 0 ? (
        <AdminLoadError onRetry={() => void users.refetch()} isRetrying={users.isFetching} />
      ) : loaded.length === 0 ? (
        <EmptyNote>{search ? `No users match "${search}".` : 'No users yet.'}</EmptyNote>
      ) : (
        <>
          <UsersTable users={shown} onEdit={setEditing} />
          {users.isFetchNextPageError && (
            <AdminLoadError onRetry={() => void goNext()} isRetrying={users.isFetchingNextPage} />
          )}
          <nav aria-label="Users pages" className="flex flex-wrap items-center justify-between gap-3">
            <p className="text-muted text-sm" aria-live="polite">
              Showing {formatCount(start + 1)}-{formatCount(start + shown.length)} of{' '}
              {formatCount(Math.max(total, loaded.length))}
              {search && ` matching "${search}"`}
            </p>
            <div className="flex items-center gap-2">
              <span className="text-muted text-sm">
                Page {formatCount(index + 1)} of {formatCount(pageCount)}
              </span>
              <Button
                variant="secondary"
                size="sm"
                disabled={index === 0}
                onClick={() => setPage({ search, index: index - 1 })}
              >
                Previous
              </Button>
              <Button variant="secondary" size="sm" disabled={!canGoNext} onClick={() => void goNext()}>
                {users.isFetchingNextPage ? 'Loading...' : 'Next'}
              </Button>
            </div>
          </nav>
        </>
      )}
      {isInviting && <InviteUserDialog onClose={() => setIsInviting(false)} />}
      {editing && <EditUserDialog user={editing} onClose={() => setEditing(null)} />}
    </div>
  );
}
