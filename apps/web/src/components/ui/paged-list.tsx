import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { LoadError, QueryLoadError } from './load-error.tsx';
import { EmptyNote, LoadMore, retryNextPage } from './load-more.tsx';

/**
 * A list read page by page: `loading` the first time, the failed load with its Retry when there is
 * nothing to show, `empty` as an empty note, else the rows so far with "Load more" below them
 * (a failed next page says `failedText` there too).
 */
interface PagedListProps<Page, Row> {
  query: UseInfiniteQueryResult<InfiniteData<Page>>;
  rowsOf: (page: Page) => Row[];
  failedText: string;
  loading: ReactNode;
  empty: ReactNode;
  children: (rows: Row[]) => ReactNode;
}

export function PagedList<Page, Row>({
  query,
  rowsOf,
  failedText,
  loading,
  empty,
  children,
}: PagedListProps<Page, Row>) {
  const rows = query.data?.pages.flatMap(rowsOf) ?? [];
  if (query.isPending) return loading;
  if (query.isError && rows.length === 0) return <QueryLoadError query={query} message={failedText} />;
  if (rows.length === 0) return <EmptyNote>{empty}</EmptyNote>;
  return (
    <>
      {children(rows)}
      <LoadMore
        pages={query}
        className="mt-4"
        failure={<LoadError message={failedText} {...retryNextPage(query)} />}
      />
    </>
  );
}

/** A PagedList of pages that carry their rows as `items` (the usage history, the request log). */
export function PagedItems<Row>(props: Omit<PagedListProps<{ items: Row[] }, Row>, 'rowsOf'>) {
  return <PagedList {...props} rowsOf={(page) => page.items} />;
}
