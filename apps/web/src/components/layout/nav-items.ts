import { ROUTES } from '@conduit/contracts';

/**
 * Header links; Features and Pricing are anchors on the landing page
 * (docs/product.md, "Header, footer and notifications").
 */
export const HEADER_NAV = [
  { label: 'Features', to: ROUTES.features },
  { label: 'Pricing', to: ROUTES.pricing },
  { label: 'Docs', to: ROUTES.docs },
] as const;
