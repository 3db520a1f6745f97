import { DEFAULT_SUPPORT_EMAIL, PRODUCT_TAGLINE } from '@conduit/contracts';
import { FooterCopyright } from '../../components/layout/site-footer.tsx';
import { Container } from '../../components/ui/container.tsx';
import { Logo } from '../../components/ui/logo.tsx';

export function WaitlistFooter({ onContactSales }: { onContactSales: () => void }) {
  return (
    <footer className="border-border border-t bg-surface">
      <Container className="flex flex-col gap-6 py-10 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <Logo />
          <p className="mt-3 max-w-sm text-muted text-sm">{PRODUCT_TAGLINE}.</p>
        </div>
        <div className="flex flex-col gap-2 text-sm sm:items-end">
          <button
            type="button"
            onClick={onContactSales}
            className="text-left font-medium text-primary-text hover:underline"
          >
            Contact sales
          </button>
          <a href={`mailto:${DEFAULT_SUPPORT_EMAIL}`} className="text-muted hover:text-fg">
            {DEFAULT_SUPPORT_EMAIL}
          </a>
        </div>
      </Container>
      <FooterCopyright />
    </footer>
  );
}
