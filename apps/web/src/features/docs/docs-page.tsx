import { ROUTES } from '@conduit/contracts';
import { Container } from '../../components/ui/container.tsx';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { DocsView } from './docs-view.tsx';

const PUBLIC_SETTINGS = { site: 'public', basePath: ROUTES.docs } as const;

/** /docs: the public API reference, prerendered at build time (see scripts/prerender-plugin.ts). */
export function DocsPage() {
  useDocumentTitle('Documentation');
  return (
    <Container className="py-12 sm:py-16">
      <p className="font-medium text-primary-text text-sm">Documentation</p>
      <h1 className="mt-2 font-semibold text-3xl text-fg tracking-tight sm:text-4xl">API reference</h1>
      <p className="mt-4 max-w-2xl text-lg text-muted">
        Generate images and videos, remove Sora watermarks and read LinkedIn profiles with one key and one
        balance. Every endpoint with its fields, costs and examples in curl, JavaScript and Python.
      </p>
      <div className="mt-10">
        <DocsView settings={PUBLIC_SETTINGS} />
      </div>
    </Container>
  );
}
