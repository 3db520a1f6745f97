export { CreditsPage as Component } from '../features/credits/credits-page.tsx';
