export { WebhooksPage as Component } from '../features/webhooks/webhooks-page.tsx';
