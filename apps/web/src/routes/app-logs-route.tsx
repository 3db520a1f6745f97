export { LogsPage as Component } from '../features/logs/logs-page.tsx';
