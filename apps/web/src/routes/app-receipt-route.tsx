export { ReceiptPage as Component } from '../features/credits/receipt-page.tsx';
