export { AuthSuccessPage as Component } from '../features/auth/auth-success-page.tsx';
