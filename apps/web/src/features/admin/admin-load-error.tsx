import { ACCOUNT_SECURITY_TEXTS, ADMIN_TEXTS, ERROR_CODES, ROUTES } from '@conduit/contracts';
import { type QueryKey, type UseQueryOptions, useQuery } from '@tanstack/react-query';
import { CircleAlert, RefreshCw, ShieldCheck } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button, ButtonLink } from '../../components/ui/button.tsx';
import { RowsSkeleton } from '../../components/ui/skeleton.tsx';
import { readServerError } from '../../lib/server-error.ts';

/** The admin area is closed until the admin turns on two-factor authentication (ADMIN_REQUIRE_2FA). */
function TwoFactorNeeded() {
  return (
    <div role="alert" className="rounded-2xl border border-border bg-surface p-5 text-fg">
      <div className="flex items-start gap-3">
        <ShieldCheck aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-primary-text" />
        <div>
          <h2 className="font-semibold text-fg">Two-factor authentication required</h2>
          <p className="mt-1 text-sm">{ACCOUNT_SECURITY_TEXTS.adminNeedsTwoFactor}</p>
          <ButtonLink to={ROUTES.appSettings} size="sm" className="mt-4">
            Open settings
          </ButtonLink>
        </div>
      </div>
    </div>
  );
}

/**
 * 'Loading Error' / 'Failed to load admin dashboard data', with a Retry
 * (docs/product.md, "Other screens").
 */
export function AdminLoadError({ onRetry, isRetrying }: { onRetry: () => void; isRetrying: boolean }) {
  return (
    <div role="alert" className="rounded-2xl border border-danger bg-danger-soft p-5 text-fg">
      <div className="flex items-start gap-3">
        <CircleAlert aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-danger" />
        <div>
          <h2 className="font-semibold text-fg">{ADMIN_TEXTS.loadErrorTitle}</h2>
          <p className="mt-1 text-sm">{ADMIN_TEXTS.loadError}</p>
          <Button variant="secondary" size="sm" className="mt-4" disabled={isRetrying} onClick={onRetry}>
            <RefreshCw aria-hidden="true" className="size-4" />
            Retry
          </Button>
        </div>
      </div>
    </div>
  );
}

interface LoadableQuery<T> {
  data: T | undefined;
  isPending: boolean;
  isError: boolean;
  isFetching: boolean;
  error?: unknown;
  refetch: () => unknown;
}

/**
 * A tab's query: skeleton rows the first time, the load error with Retry when it fails with nothing
 * to show, else its figures (kept on screen while a tab switch reloads them).
 */
export function QueryView<T>({
  query,
  children,
}: {
  query: LoadableQuery<T>;
  children: (data: T) => ReactNode;
}) {
  if (query.data !== undefined && !query.isError) return children(query.data);
  if (query.isError && readServerError(query.error).code === ERROR_CODES.TWO_FACTOR_REQUIRED) {
    return <TwoFactorNeeded />;
  }
  if (query.isError) {
    return <AdminLoadError onRetry={() => void query.refetch()} isRetrying={query.isFetching} />;
  }
  return <RowsSkeleton rows={4} className="py-6" />;
}

/**
 * A tab (or a table of one) that asks for its own figures: QueryView of `options`' query, the
 * figures laid out in one column spaced by `className`.
 */
export function QueryColumn<T, Key extends QueryKey>({
  options,
  className,
  children,
}: {
  options: UseQueryOptions<T, Error, T, Key>;
  className: string;
  children: (data: T) => ReactNode;
}) {
  const query = useQuery(options);
  return <QueryView query={query}>{(data) => <div className={className}>{children(data)}</div>}</QueryView>;
}
