export { CancelEmailChangePage as Component } from '../features/auth/cancel-email-change-page.tsx';
