import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createBrowserRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { AppProviders } from './app/app-providers.tsx';
import { isWaitlistOwnPage, isWaitlistSite } from './features/waitlist/waitlist-site.ts';
import { createQueryClient } from './lib/query-client.ts';
import { routes } from './routes/routes.tsx';
import './styles/index.css';

const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from index.html');

// In waitlist mode the server sends waitlist.html (docs/waitlist.md): its own route table, and its
// prerendered landing stands for every path but the waitlist's own pages.
// Its route table is a chunk of its own, so the normal site's entry does not carry it.
const isWaitlist = isWaitlistSite();
const router = createBrowserRouter(
  isWaitlist ? (await import('./routes/waitlist-routes.tsx')).waitlistRoutes : routes,
);
const app = (
  <AppProviders queryClient={createQueryClient()}>
    <RouterProvider router={router} />
  </AppProviders>
);
const { pathname } = window.location;
const isPrerenderedPath = isWaitlist ? !isWaitlistOwnPage(pathname) : pathname === '/';

// index.html carries the prerendered landing page: hydrate it on "/" (as a transition, so React
// yields to the browser between chunks), and on any other path (the server answers every page
// with index.html) drop it and render the real route.
if (container.hasAttribute('data-prerendered') && isPrerenderedPath) {
  startTransition(() => {
    hydrateRoot(container, app);
  });
} else {
  container.replaceChildren();
  container.removeAttribute('data-prerendered');
  createRoot(container).render(app);
}
