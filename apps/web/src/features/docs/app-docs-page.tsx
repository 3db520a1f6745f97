import { type ApiKey, ROUTES } from '@conduit/contracts';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useScrollToHash } from '../../components/layout/use-scroll-to-hash.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { keysQuery } from '../api-keys/keys-api.ts';
import { DocsView } from './docs-view.tsx';
import { KeyPicker } from './key-picker.tsx';

/** /app/docs: the same reference inside the app, with an Examples tab and the user's own key. */
export function AppDocsPage() {
  useDocumentTitle('API Docs');
  useScrollToHash();
  // Until the user chooses (a key, or the placeholder), the examples carry the first of their keys.
  const [choice, setChoice] = useState<ApiKey | null | undefined>(undefined);
  const keys = useQuery(keysQuery);
  const chosen = choice === undefined ? (keys.data?.keys[0] ?? null) : choice;
  const apiKey = chosen?.keyValue;
  const settings = useMemo(() => ({ site: 'app' as const, basePath: ROUTES.appDocs, apiKey }), [apiKey]);
  return (
    <div className="max-w-5xl">
      <h1 className="font-semibold text-2xl text-fg tracking-tight">API Docs</h1>
      <p className="mt-1 text-muted">
        Every endpoint with its fields and examples; choose one of your keys and the examples run as they are.
      </p>
      <div className="mt-6">
        <KeyPicker selectedId={chosen?._id ?? null} onSelect={setChoice} />
      </div>
      <div className="mt-8">
        <DocsView settings={settings} />
      </div>
    </div>
  );
}
