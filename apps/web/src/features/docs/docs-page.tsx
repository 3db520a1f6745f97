import { ROUTES } from '@conduit/contracts';
import { ButtonLink } from '../../components/ui/button.tsx';
import { Container } from '../../components/ui/container.tsx';
import { useDocumentTitle } from '../../lib/use-document-title.ts';

/** Public API documentation; the tabbed reference arrives with the docs issue. */
export function DocsPage() {
  useDocumentTitle('Documentation');
  return (
    <Container className="py-16 sm:py-24">
      <p className="font-medium text-primary-text text-sm">Documentation</p>
      <h1 className="mt-2 font-semibold text-3xl text-fg tracking-tight sm:text-4xl">API reference</h1>
      <p className="mt-4 max-w-2xl text-lg text-muted">
        Authentication, request and response shapes for the image, video, Sora watermark removal and LinkedIn
        endpoints, with examples in curl, JavaScript and Python. The full reference is being written.
      </p>
      <ButtonLink to={ROUTES.pricing} variant="secondary" className="mt-8">
        See pricing
      </ButtonLink>
    </Container>
  );
}
