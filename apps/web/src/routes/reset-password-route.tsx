export { ResetPasswordPage as Component } from '../features/auth/reset-password-page.tsx';
