export { SandboxCheckoutPage as Component } from '../features/credits/sandbox-checkout-page.tsx';
