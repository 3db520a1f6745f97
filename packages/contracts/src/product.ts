/** The product's name and public contact points, shown in the web app and in mails. */
export const PRODUCT_NAME = 'Conduit';
export const PRODUCT_TAGLINE = 'One API key for image, video, watermark removal and profile data';
export const DEFAULT_SUPPORT_EMAIL = 'support@conduit.dev';
export const DEFAULT_SUPPORT_PHONE = '+1 (555) 010-2030';
export const SUPPORT_HOURS = 'Mon-Fri 9 AM-6 PM EST';

/** Landing-page stats (docs/product.md, "What the product is"). */
export const LANDING_STATS = [
  { value: '10k+', label: 'API calls per day' },
  { value: '99.9%', label: 'Uptime' },
  { value: '24/7', label: 'Support' },
] as const;
