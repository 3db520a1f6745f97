import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createBrowserRouter, matchRoutes, type RouteObject } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { AppProviders } from './app/app-providers.tsx';
import { isWaitlistOwnPage, isWaitlistSite } from './features/waitlist/waitlist-site.ts';
import { createQueryClient } from './lib/query-client.ts';
import { DOCS_PRERENDER_URL, isPrerenderedDocsLocation } from './prerender/prerendered-docs.ts';
import { routes } from './routes/routes.tsx';
import './styles/index.css';

const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from index.html');

// In waitlist mode the server sends waitlist.html (docs/waitlist.md): its own route table, and its
// prerendered landing stands for every path but the waitlist's own pages.
// Its route table is a chunk of its own, so the normal site's entry does not carry it.
const isWaitlist = isWaitlistSite();
const table = isWaitlist ? (await import('./routes/waitlist-routes.tsx')).waitlistRoutes : routes;
const { pathname, search } = window.location;
// data-prerendered names the page the markup is: empty for the landing ("/"), "/docs" in docs.html.
const prerenderedPage = container.dataset.prerendered;
const isPrerenderedPath = isWaitlist
  ? !isWaitlistOwnPage(pathname)
  : prerenderedPage === DOCS_PRERENDER_URL
    ? isPrerenderedDocsLocation(pathname, search)
    : pathname === '/';
const willHydrate = prerenderedPage !== undefined && isPrerenderedPath;

/** A lazy route must be loaded before hydrating, or the first render would be its fallback. */
async function loadLazyMatches(routeTable: RouteObject[]) {
  const matches = matchRoutes(routeTable, pathname) ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      const module = await route.lazy();
      Object.assign(route, { ...module, lazy: undefined });
    }),
  );
}
if (willHydrate) {
  await loadLazyMatches(table);
  // Evaluating the lazy route's modules is a task of its own; creating the router and starting the
  // hydration right behind it in the same task made one long task of both.
  await new Promise((resolve) => setTimeout(resolve));
}

const router = createBrowserRouter(table);
const app = (
  <AppProviders queryClient={createQueryClient()}>
    <RouterProvider router={router} />
  </AppProviders>
);

// index.html carries the prerendered landing page, docs.html the /docs page: hydrate it where it is
// the page (as a transition, so React yields to the browser between chunks), and on any other path
// (the server answers every page with index.html) drop it and render the real route.
if (willHydrate) {
  startTransition(() => {
    hydrateRoot(container, app);
  });
} else {
  container.replaceChildren();
  container.removeAttribute('data-prerendered');
  createRoot(container).render(app);
}
