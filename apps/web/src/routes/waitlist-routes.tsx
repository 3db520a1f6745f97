import { WAITLIST_ROUTES } from '@conduit/contracts';
import type { RouteObject } from 'react-router';
import { RootLayout } from '../app/root-layout.tsx';
import { RouteError } from '../app/route-error.tsx';
import { LoadingScreen } from '../components/layout/loading-screen.tsx';
import { WaitlistLandingPage } from '../features/waitlist/waitlist-landing-page.tsx';
import { WaitlistLayout } from '../features/waitlist/waitlist-layout.tsx';

/**
 * The route table of waitlist mode (docs/waitlist.md): the waitlist's own pages, and the
 * waitlist landing on every other path, "/" included, so /app, /docs and /admin show it too.
 */
export const waitlistRoutes: RouteObject[] = [
  {
    id: 'root',
    Component: RootLayout,
    ErrorBoundary: RouteError,
    HydrateFallback: LoadingScreen,
    children: [
      {
        Component: WaitlistLayout,
        children: [
          { path: WAITLIST_ROUTES.verify, lazy: () => import('./waitlist-verify-route.tsx') },
          { path: WAITLIST_ROUTES.status, lazy: () => import('./waitlist-status-route.tsx') },
          { path: '*', Component: WaitlistLandingPage },
        ],
      },
    ],
  },
];
