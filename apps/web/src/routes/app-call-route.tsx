export { CallDetailPage as Component } from '../features/calls/call-detail-page.tsx';
