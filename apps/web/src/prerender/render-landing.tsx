import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { AppProviders } from '../app/app-providers.tsx';
import { createQueryClient } from '../lib/query-client.ts';
import { routes } from '../routes/routes.tsx';
import { waitlistRoutes } from '../routes/waitlist-routes.tsx';
import { DOCS_PRERENDER_URL } from './prerendered-docs.ts';

/** Build-time render of "/" (used by scripts/prerender-plugin.ts); the client hydrates the same tree. */
export function renderLanding(): Promise<string> {
  return renderRoutes(routes);
}

/** /docs (its Overview tab) for docs.html, served on /docs. */
export function renderDocs(): Promise<string> {
  return renderRoutes(routes, DOCS_PRERENDER_URL);
}

/** The waitlist landing for waitlist.html, served on every page path in WAITLIST_MODE. */
export function renderWaitlistLanding(): Promise<string> {
  return renderRoutes(waitlistRoutes);
}

async function renderRoutes(table: typeof routes, path = '/'): Promise<string> {
  const { query, dataRoutes } = createStaticHandler(table);
  const context = await query(new Request(`http://localhost${path}`));
  if (context instanceof Response) throw new Error(`prerender: "${path}" answered ${context.status}`);
  const router = createStaticRouter(dataRoutes, context);
  return renderToString(
    <AppProviders queryClient={createQueryClient()}>
      <StaticRouterProvider router={router} context={context} hydrate={false} />
    </AppProviders>,
  );
}
