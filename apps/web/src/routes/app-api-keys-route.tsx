export { ApiKeysPage as Component } from '../features/app-shell/placeholder-pages.tsx';
