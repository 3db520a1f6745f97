import { MESSAGES } from '@conduit/contracts';
import { DashboardShapeSkeleton, Skeleton } from '../ui/skeleton.tsx';

/** The signed-in area's frame while the session resolves; it says 'Loading...' (docs/product.md, "Signed-in area"). */
export function AppShellSkeleton() {
  return (
    <div role="status" aria-busy="true" className="min-h-dvh lg:flex">
      <div
        aria-hidden="true"
        className="hidden border-border border-r bg-surface p-5 lg:block lg:w-64 lg:shrink-0"
      >
        <Skeleton className="h-7 w-32" />
        <div className="mt-8 space-y-3">
          {[1, 2, 3, 4, 5, 6].map((item) => (
            <Skeleton key={item} className="h-8" />
          ))}
        </div>
      </div>
      <div className="min-w-0 flex-1">
        <div className="flex h-16 items-center border-border border-b px-4 sm:px-6">
          <p className="text-muted text-sm">{MESSAGES.loading}</p>
        </div>
        <div aria-hidden="true" className="space-y-6 px-4 py-8 sm:px-6 lg:px-10">
          <Skeleton className="h-8 w-64" />
          <DashboardShapeSkeleton chartClassName="h-64 rounded-2xl" />
        </div>
      </div>
    </div>
  );
}
