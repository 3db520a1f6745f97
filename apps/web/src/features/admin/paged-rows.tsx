import { ADMIN_USERS_PAGE_SIZE as PAGE_SIZE } from '@conduit/contracts';
import {
  type InfiniteData,
  type QueryKey,
  type UseInfiniteQueryOptions,
  type UseInfiniteQueryResult,
  useInfiniteQuery,
} from '@tanstack/react-query';
import { Search } from 'lucide-react';
import { type ReactNode, useId, useState } from 'react';
import { Button } from '../../components/ui/button.tsx';
import { EmptyNote } from '../../components/ui/load-more.tsx';
import { RowsSkeleton } from '../../components/ui/skeleton.tsx';
import { formatCount } from '../../lib/format.ts';
import { AdminLoadError } from './admin-load-error.tsx';
import { useDebouncedValue } from './use-debounced-value.ts';

export const SEARCH_DEBOUNCE_MS = 300;

function SearchBox({
  label,
  placeholder,
  value,
  onChange,
}: {
  label: string;
  placeholder: string;
  value: string;
  onChange: (value: string) => void;
}) {
  const id = useId();
  return (
    <div className="relative w-full sm:max-w-xs">
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <Search
        aria-hidden="true"
        className="-translate-y-1/2 pointer-events-none absolute top-1/2 left-3 size-4 text-muted"
      />
      <input
        id={id}
        type="search"
        value={value}
        placeholder={placeholder}
        autoComplete="off"
        onChange={(event) => onChange(event.target.value)}
        className="block h-10 w-full rounded-lg border border-border bg-bg pr-3 pl-9 text-fg text-sm outline-none placeholder:text-muted focus-visible:ring-2 focus-visible:ring-primary-text"
      />
    </div>
  );
}

/** The search text as typed, and the debounced, trimmed text the query is keyed by. */
function useSearch() {
  const [text, setText] = useState('');
  const search = useDebouncedValue(text.trim(), SEARCH_DEBOUNCE_MS);
  return { text, setText, search };
}

/**
 * Rows fetched in batches on a cursor, shown PAGE_SIZE at a time: paging past the last loaded row
 * asks for the next batch. A new search starts again at the first page.
 */
function usePagedRows<Batch extends { total: number }, Row>(
  query: UseInfiniteQueryResult<InfiniteData<Batch>>,
  rowsOf: (batch: Batch) => Row[],
  search: string,
) {
  const [page, setPage] = useState({ search, index: 0 });
  if (page.search !== search) setPage({ search, index: 0 });
  const batches = query.data?.pages ?? [];
  const loaded = batches.flatMap(rowsOf);
  const total = Math.max(batches[0]?.total ?? 0, loaded.length);
  const pageCount = Math.max(1, Math.ceil(total / PAGE_SIZE));
  const index = Math.min(page.index, Math.max(0, Math.ceil(loaded.length / PAGE_SIZE) - 1));
  const start = index * PAGE_SIZE;
  const isLoadedAhead = start + PAGE_SIZE < loaded.length;

  const goNext = async () => {
    if (!isLoadedAhead) {
      const result = await query.fetchNextPage();
      if (result.isError) return;
    }
    setPage({ search, index: index + 1 });
  };
  return {
    loaded,
    shown: loaded.slice(start, start + PAGE_SIZE),
    start,
    index,
    total,
    pageCount,
    canGoNext: isLoadedAhead || (query.hasNextPage && !query.isFetchingNextPage),
    goNext,
    goPrevious: () => setPage({ search, index: index - 1 }),
  };
}

/** "Showing 1-10 of 42", "Page 1 of 5" with Previous and Next. */
function PageNav({
  label,
  paged,
  search,
  isFetchingNext,
}: {
  label: string;
  paged: Pick<
    ReturnType<typeof usePagedRows<{ total: number }, unknown>>,
    'start' | 'shown' | 'total' | 'index' | 'pageCount' | 'canGoNext' | 'goNext' | 'goPrevious'
  >;
  search: string;
  isFetchingNext: boolean;
}) {
  return (
    <nav aria-label={label} className="flex flex-wrap items-center justify-between gap-3">
      <p className="text-muted text-sm" aria-live="polite">
        Showing {formatCount(paged.start + 1)}-{formatCount(paged.start + paged.shown.length)} of{' '}
        {formatCount(paged.total)}
        {search && ` matching "${search}"`}
      </p>
      <div className="flex items-center gap-2">
        <span className="text-muted text-sm">
          Page {formatCount(paged.index + 1)} of {formatCount(paged.pageCount)}
        </span>
        <Button variant="secondary" size="sm" disabled={paged.index === 0} onClick={paged.goPrevious}>
          Previous
        </Button>
        <Button variant="secondary" size="sm" disabled={!paged.canGoNext} onClick={() => void paged.goNext()}>
          {isFetchingNext ? 'Loading...' : 'Next'}
        </Button>
      </div>
    </nav>
  );
}

/**
 * A paged list's states: loading, a failed first load (retry), nothing found, or the page of rows
 * with a retry for a failed next batch and the page navigation.
 */
function PagedRowsView<Row>({
  query,
  paged,
  search,
  noun,
  children,
}: {
  query: Pick<
    UseInfiniteQueryResult,
    'isPending' | 'isError' | 'isFetching' | 'isFetchingNextPage' | 'isFetchNextPageError' | 'refetch'
  >;
  paged: ReturnType<typeof usePagedRows<{ total: number }, Row>>;
  search: string;
  /** What the rows are, plural and capitalised: "Users", "Teams". */
  noun: string;
  children: (shown: Row[]) => ReactNode;
}) {
  const lower = noun.toLowerCase();
  if (query.isPending) return <RowsSkeleton rows={5} className="py-6" />;
  if (query.isError && paged.loaded.length === 0) {
    return <AdminLoadError onRetry={() => void query.refetch()} isRetrying={query.isFetching} />;
  }
  if (paged.loaded.length === 0) {
    return <EmptyNote>{search ? `No ${lower} match "${search}".` : `No ${lower} yet.`}</EmptyNote>;
  }
  return (
    <>
      {children(paged.shown)}
      {query.isFetchNextPageError && (
        <AdminLoadError onRetry={() => void paged.goNext()} isRetrying={query.isFetchingNextPage} />
      )}
      <PageNav
        label={`${noun} pages`}
        paged={paged}
        search={search}
        isFetchingNext={query.isFetchingNextPage}
      />
    </>
  );
}

/**
 * A searched list of the admin area (users, teams): its search box (with `actions` beside it), then
 * the rows matching the debounced search, PAGE_SIZE at a time.
 */
export function SearchedRows<Batch extends { total: number }, Row>({
  searchLabel,
  placeholder,
  noun,
  queryFor,
  rowsOf,
  actions,
  children,
}: {
  searchLabel: string;
  placeholder: string;
  /** What the rows are, plural and capitalised: "Users", "Teams". */
  noun: string;
  queryFor: (
    search: string,
  ) => UseInfiniteQueryOptions<Batch, Error, InfiniteData<Batch>, QueryKey, string | null>;
  rowsOf: (batch: Batch) => Row[];
  actions?: ReactNode;
  children: (shown: Row[]) => ReactNode;
}) {
  const { text, setText, search } = useSearch();
  const query = useInfiniteQuery(queryFor(search));
  const paged = usePagedRows(query, rowsOf, search);
  const searchBox = (
    <SearchBox label={searchLabel} placeholder={placeholder} value={text} onChange={setText} />
  );
  return (
    <>
      {actions ? (
        <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
          {searchBox}
          {actions}
        </div>
      ) : (
        searchBox
      )}
      <PagedRowsView query={query} paged={paged} search={search} noun={noun}>
        {children}
      </PagedRowsView>
    </>
  );
}
