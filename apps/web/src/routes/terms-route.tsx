export { TermsPage as Component } from '../features/legal/terms-page.tsx';
