export { AppDocsPage as Component } from '../features/docs/app-docs-page.tsx';
