import { DEFAULT_SUPPORT_EMAIL, PRODUCT_NAME, PRODUCT_TAGLINE, ROUTES } from '@conduit/contracts';
import { Container } from '../ui/container.tsx';
import { Logo } from '../ui/logo.tsx';
import { NavLinks } from './nav-links.tsx';

const COLUMNS = [
  {
    heading: 'Product',
    links: [
      { label: 'Features', to: ROUTES.features },
      { label: 'Pricing', to: ROUTES.pricing },
      { label: 'Documentation', to: ROUTES.docs },
    ],
  },
  {
    heading: 'Legal',
    links: [
      { label: 'Privacy Policy', to: ROUTES.privacy },
      { label: 'Terms of Service', to: ROUTES.terms },
    ],
  },
] as const;

/** The line under every footer; the year comes from the visitor's clock, so hydration may differ. */
export function FooterCopyright() {
  const year = new Date().getFullYear();
  return (
    <div className="border-border border-t">
      <Container className="py-6">
        <p className="text-muted text-sm" suppressHydrationWarning>
          © {year} {PRODUCT_NAME}. All rights reserved.
        </p>
      </Container>
    </div>
  );
}

export function SiteFooter() {
  return (
    <footer className="border-border border-t bg-surface">
      <Container className="grid gap-10 py-12 sm:grid-cols-2 lg:grid-cols-4">
        <div className="sm:col-span-2">
          <Logo />
          <p className="mt-3 max-w-sm text-muted text-sm">{PRODUCT_TAGLINE}.</p>
          <p className="mt-4 text-muted text-sm">
            Questions?{' '}
            <a
              href={`mailto:${DEFAULT_SUPPORT_EMAIL}`}
              className="font-medium text-primary-text hover:underline"
            >
              {DEFAULT_SUPPORT_EMAIL}
            </a>
          </p>
        </div>
        {COLUMNS.map((column) => (
          <nav key={column.heading} aria-label={column.heading}>
            <h2 className="font-semibold text-fg text-sm">{column.heading}</h2>
            <NavLinks
              items={column.links}
              className="mt-3 space-y-2"
              linkClassName="text-muted text-sm hover:text-fg"
            />
          </nav>
        ))}
      </Container>
      <FooterCopyright />
    </footer>
  );
}
