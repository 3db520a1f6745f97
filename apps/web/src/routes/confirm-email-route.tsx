export { ConfirmEmailPage as Component } from '../features/auth/confirm-email-page.tsx';
