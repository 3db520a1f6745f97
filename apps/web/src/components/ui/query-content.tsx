import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { QueryLoadError } from './load-error.tsx';
import { RowsSkeleton } from './skeleton.tsx';

/**
 * What a query shows in its place: `loading` (two skeleton rows unless given) the first time,
 * the failed load with its Retry when it fails, else `children` with the answer.
 */
export function QueryContent<T>({
  query,
  failedText,
  loading = <RowsSkeleton rows={2} />,
  children,
}: {
  query: UseQueryResult<T>;
  failedText: string;
  loading?: ReactNode;
  children: (data: T) => ReactNode;
}) {
  if (query.isPending) return loading;
  if (query.isError) return <QueryLoadError query={query} message={failedText} />;
  return children(query.data);
}
