import { ROUTES, WAITLIST_ROUTES } from '@conduit/contracts';
import type { RouteObject } from 'react-router';
import { RootLayout } from '../app/root-layout.tsx';
import { RouteError } from '../app/route-error.tsx';
import { LoadingScreen } from '../components/layout/loading-screen.tsx';
import { LandingPage } from '../features/landing/landing-page.tsx';
import { SiteLayout } from '../features/site/site-layout.tsx';
import { RedirectHome } from './redirect-home.tsx';

/**
 * Every route of docs/product.md, "Screens and routes". The landing ships in the main chunk; every
 * other page is lazy.
 */
export const routes: RouteObject[] = [
  {
    id: 'root',
    Component: RootLayout,
    ErrorBoundary: RouteError,
    HydrateFallback: LoadingScreen,
    children: [
      {
        Component: SiteLayout,
        children: [
          { index: true, Component: LandingPage },
          { path: ROUTES.authSuccess, lazy: () => import('./auth-success-route.tsx') },
          { path: ROUTES.verifyEmail, lazy: () => import('./verify-email-route.tsx') },
          { path: ROUTES.resetPassword, lazy: () => import('./reset-password-route.tsx') },
          { path: ROUTES.twoFactor, lazy: () => import('./two-factor-route.tsx') },
          { path: ROUTES.confirmEmail, lazy: () => import('./confirm-email-route.tsx') },
          { path: ROUTES.cancelEmailChange, lazy: () => import('./cancel-email-change-route.tsx') },
          { path: ROUTES.docs, lazy: () => import('./docs-route.tsx') },
          { path: ROUTES.privacy, lazy: () => import('./privacy-route.tsx') },
          { path: ROUTES.terms, lazy: () => import('./terms-route.tsx') },
          { path: `${ROUTES.invite}/:token`, lazy: () => import('./invite-route.tsx') },
          // Waitlist mails keep working once the site leaves waitlist mode.
          { path: WAITLIST_ROUTES.verify, lazy: () => import('./waitlist-verify-route.tsx') },
          { path: WAITLIST_ROUTES.status, lazy: () => import('./waitlist-status-route.tsx') },
        ],
      },
      {
        path: ROUTES.app,
        lazy: () => import('./app-layout-route.tsx'),
        children: [
          { index: true, lazy: () => import('./app-dashboard-route.tsx') },
          { path: ROUTES.appApiKeys, lazy: () => import('./app-api-keys-route.tsx') },
          { path: ROUTES.appCredits, lazy: () => import('./app-credits-route.tsx') },
          { path: ROUTES.appDocs, lazy: () => import('./app-docs-route.tsx') },
          { path: ROUTES.appPlayground, lazy: () => import('./app-playground-route.tsx') },
          { path: ROUTES.appLogs, lazy: () => import('./app-logs-route.tsx') },
          { path: `${ROUTES.appCalls}/:taskId`, lazy: () => import('./app-call-route.tsx') },
          { path: ROUTES.appSupport, lazy: () => import('./app-support-route.tsx') },
          { path: ROUTES.appSettings, lazy: () => import('./app-settings-route.tsx') },
          { path: ROUTES.appTeam, lazy: () => import('./app-team-route.tsx') },
          { path: ROUTES.appWebhooks, lazy: () => import('./app-webhooks-route.tsx') },
        ],
      },
      { path: ROUTES.admin, lazy: () => import('./admin-route.tsx') },
      { path: `${ROUTES.sandboxCheckout}/:sessionId`, lazy: () => import('./sandbox-checkout-route.tsx') },
      { path: `${ROUTES.appReceipts}/:paymentId`, lazy: () => import('./app-receipt-route.tsx') },
      { path: '*', Component: RedirectHome },
    ],
  },
];
