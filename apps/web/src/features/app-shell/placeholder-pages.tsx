import { useDocumentTitle } from '../../lib/use-document-title.ts';

function PlaceholderPage({ title, summary }: { title: string; summary: string }) {
  useDocumentTitle(title);
  return (
    <section className="max-w-3xl">
      <h1 className="font-semibold text-2xl text-fg tracking-tight">{title}</h1>
      <p className="mt-2 text-muted">{summary}</p>
    </section>
  );
}

export const AppDocsPage = () => (
  <PlaceholderPage title="API Docs" summary="Endpoint reference and examples for every service." />
);
