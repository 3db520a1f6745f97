export { AppLayout as Component } from '../features/app-shell/app-layout.tsx';
