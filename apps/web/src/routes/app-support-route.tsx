export { SupportPage as Component } from '../features/support/support-page.tsx';
