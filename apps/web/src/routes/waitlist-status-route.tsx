export { WaitlistStatusPage as Component } from '../features/waitlist/waitlist-status-page.tsx';
