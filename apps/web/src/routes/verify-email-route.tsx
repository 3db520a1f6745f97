export { VerifyEmailPage as Component } from '../features/auth/verify-email-page.tsx';
