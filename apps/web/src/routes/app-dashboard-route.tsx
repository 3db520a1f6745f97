export { DashboardPage as Component } from '../features/dashboard/dashboard-page.tsx';
