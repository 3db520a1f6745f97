export { TwoFactorPage as Component } from '../features/auth/two-factor-page.tsx';
