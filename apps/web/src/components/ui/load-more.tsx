import type { ReactNode } from 'react';
import { Button } from './button.tsx';
import type { ButtonSize } from './button-styles.ts';

/** The part of an infinite query a "Load more" reads. */
interface NextPages {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  isFetchNextPageError: boolean;
  fetchNextPage: () => unknown;
}

/** Retry for a next page that failed to load: asks for it again, disabled while it does. */
export function retryNextPage(pages: NextPages) {
  return { onRetry: () => void pages.fetchNextPage(), isRetrying: pages.isFetchingNextPage };
}

/** The button that asks for the next page, "Loading..." while it comes. */
export function NextPageButton({
  pages,
  size,
  children,
}: {
  pages: NextPages;
  size?: ButtonSize;
  children: ReactNode;
}) {
  return (
    <Button
      variant="secondary"
      size={size}
      disabled={pages.isFetchingNextPage}
      onClick={() => void pages.fetchNextPage()}
    >
      {pages.isFetchingNextPage ? 'Loading...' : children}
    </Button>
  );
}

/**
 * The foot of a list read page by page on a keyset cursor: "Load more" while there is a next
 * page, or, when loading it failed, `failure` (an error with its own Retry).
 */
export function LoadMore({
  pages,
  failure,
  className = '',
}: {
  pages: NextPages;
  failure: ReactNode;
  className?: string;
}) {
  if (pages.isFetchNextPageError) return <div className={className}>{failure}</div>;
  if (!pages.hasNextPage) return null;
  return (
    <div className={`flex justify-center ${className}`}>
      <NextPageButton pages={pages}>Load more</NextPageButton>
    </div>
  );
}

/** What an empty list says in its place. */
export function EmptyNote({ children }: { children: ReactNode }) {
  return (
    <p className="rounded-2xl border border-border border-dashed p-6 text-center text-muted text-sm">
      {children}
    </p>
  );
}
