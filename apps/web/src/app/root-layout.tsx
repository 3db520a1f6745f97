import { Outlet } from 'react-router';
import { AuthModalProvider } from '../features/auth/auth-modal-provider.tsx';
import { NotificationProvider } from '../features/notifications/notification-provider.tsx';

/** Providers that need the router (the auth modal navigates after sign-in) wrap every page. */
export function RootLayout() {
  return (
    <NotificationProvider>
      <AuthModalProvider>
        <Outlet />
      </AuthModalProvider>
    </NotificationProvider>
  );
}
