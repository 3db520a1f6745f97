export { DocsPage as Component } from '../features/docs/docs-page.tsx';
