import { MESSAGES } from '@conduit/contracts';
import type { ReactNode } from 'react';

/** A grey placeholder in the shape of what is loading. */
export function Skeleton({ className = '' }: { className?: string }) {
  return (
    <div
      aria-hidden="true"
      className={`animate-pulse rounded-lg bg-surface-2 motion-reduce:animate-none ${className}`}
    />
  );
}

/** Skeleton shapes for the eye; for screen readers one status that says "Loading...". */
export function LoadingSkeleton({
  label = MESSAGES.loading,
  className = '',
  children,
}: {
  label?: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div role="status" aria-busy="true" className={className}>
      <span className="sr-only">{label}</span>
      {children}
    </div>
  );
}

/**
 * The dashboard's shape while it loads: three stat cards over the chart, whose height
 * `chartClassName` gives. It has no wrapper: it stands among its parent's skeletons.
 */
export function DashboardShapeSkeleton({ chartClassName }: { chartClassName: string }) {
  return (
    <>
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {[1, 2, 3].map((card) => (
          <Skeleton key={card} className="h-32 rounded-2xl" />
        ))}
      </div>
      <Skeleton className={chartClassName} />
    </>
  );
}

/** A list or table still loading: `rows` bars of the given height. */
export function RowsSkeleton({
  rows = 3,
  rowClassName = 'h-12',
  className = '',
}: {
  rows?: number;
  rowClassName?: string;
  className?: string;
}) {
  return (
    <LoadingSkeleton className={`space-y-3 ${className}`}>
      {Array.from({ length: rows }, (_, row) => `row-${row}`).map((row) => (
        <Skeleton key={row} className={rowClassName} />
      ))}
    </LoadingSkeleton>
  );
}
