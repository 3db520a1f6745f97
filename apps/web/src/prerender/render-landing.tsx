import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { AppProviders } from '../app/app-providers.tsx';
import { createQueryClient } from '../lib/query-client.ts';
import { routes } from '../routes/routes.tsx';
import { waitlistRoutes } from '../routes/waitlist-routes.tsx';

/** Build-time render of "/" (used by scripts/prerender-plugin.ts); the client hydrates the same tree. */
export function renderLanding(): Promise<string> {
  return renderRoutes(routes);
}

/** The waitlist landing for waitlist.html, served on every page path in WAITLIST_MODE. */
export function renderWaitlistLanding(): Promise<string> {
  return renderRoutes(waitlistRoutes);
}

async function renderRoutes(table: typeof routes): Promise<string> {
  const { query, dataRoutes } = createStaticHandler(table);
  const context = await query(new Request('http://localhost/'));
  if (context instanceof Response) throw new Error(`prerender: "/" answered ${context.status}`);
  const router = createStaticRouter(dataRoutes, context);
  return renderToString(
    <AppProviders queryClient={createQueryClient()}>
      <StaticRouterProvider router={router} context={context} hydrate={false} />
    </AppProviders>,
  );
}
