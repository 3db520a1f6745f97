import { type ApiKey, ROUTES } from '@conduit/contracts';
import { useMemo, useState } from 'react';
import { useScrollToHash } from '../../components/layout/use-scroll-to-hash.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { DocsView } from './docs-view.tsx';
import { KeyPicker } from './key-picker.tsx';

/** /app/docs: the same reference inside the app, with an Examples tab and the user's own key. */
export function AppDocsPage() {
  useDocumentTitle('API Docs');
  useScrollToHash();
  const [chosen, setChosen] = useState<ApiKey | null>(null);
  const apiKey = chosen?.keyValue;
  const settings = useMemo(() => ({ site: 'app' as const, basePath: ROUTES.appDocs, apiKey }), [apiKey]);
  return (
    <div className="max-w-5xl">
      <h1 className="font-semibold text-2xl text-fg tracking-tight">API Docs</h1>
      <p className="mt-1 text-muted">
        Every endpoint with its fields and examples; choose one of your keys and the examples run as they are.
      </p>
      <div className="mt-6">
        <KeyPicker selectedId={chosen?._id ?? null} onSelect={setChosen} />
      </div>
      <div className="mt-8">
        <DocsView settings={settings} />
      </div>
    </div>
  );
}
