import { render } from '@testing-library/react';
import { createMemoryRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { AppProviders } from '../app/app-providers.tsx';
import { createQueryClient } from '../lib/query-client.ts';
import { routes } from '../routes/routes.tsx';

/** Renders the real route tree at `path` in memory; returns the router to read its location. */
export function renderRoute(path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const view = render(
    <AppProviders queryClient={createQueryClient()}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { router, ...view };
}

/** A fetch stand-in answering every call with `status` and a JSON `body`. */
export function stubFetchResponse(status: number, body: unknown) {
  return async () =>
    new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}
