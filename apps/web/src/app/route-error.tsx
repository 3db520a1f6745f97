import { MESSAGES, ROUTES } from '@conduit/contracts';
import { isRouteErrorResponse, Link, useRouteError } from 'react-router';

function describe(error: unknown): string {
  if (isRouteErrorResponse(error)) return `${error.status} ${error.statusText}`;
  if (error instanceof Error) return error.message;
  return String(error);
}

/** The router's error element (docs/product.md, "Other screens"). */
export function RouteError() {
  const error = useRouteError();
  return (
    <main className="flex min-h-dvh flex-col items-center justify-center gap-3 p-6 text-center">
      <h1 className="font-semibold text-2xl text-fg">{MESSAGES.unexpectedError}</h1>
      <p className="max-w-lg break-words font-mono text-muted text-sm">{describe(error)}</p>
      <Link to={ROUTES.home} className="mt-2 font-medium text-primary-text hover:underline">
        Back to home
      </Link>
    </main>
  );
}
