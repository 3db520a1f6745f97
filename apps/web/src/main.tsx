import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createBrowserRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { AppProviders } from './app/app-providers.tsx';
import { createQueryClient } from './lib/query-client.ts';
import { routes } from './routes/routes.tsx';
import './styles/index.css';

const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from index.html');

const router = createBrowserRouter(routes);
const app = (
  <AppProviders queryClient={createQueryClient()}>
    <RouterProvider router={router} />
  </AppProviders>
);

// index.html carries the prerendered landing page: hydrate it on "/" (as a transition, so React
// yields to the browser between chunks), and on any other path (the server answers every page
// with index.html) drop it and render the real route.
if (container.hasAttribute('data-prerendered') && window.location.pathname === '/') {
  startTransition(() => {
    hydrateRoot(container, app);
  });
} else {
  container.replaceChildren();
  container.removeAttribute('data-prerendered');
  createRoot(container).render(app);
}
