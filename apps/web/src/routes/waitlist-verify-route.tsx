export { WaitlistVerifyPage as Component } from '../features/waitlist/waitlist-verify-page.tsx';
