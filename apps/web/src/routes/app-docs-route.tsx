export { AppDocsPage as Component } from '../features/app-shell/placeholder-pages.tsx';
