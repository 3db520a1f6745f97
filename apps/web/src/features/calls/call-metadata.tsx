export const CALL_METADATA_TITLE = 'Metadata';

/** The call's own labels (docs/product.md, "Metadata"), key by key, as it sent them. */
export function CallMetadata({ metadata }: { metadata: Record<string, string> }) {
  return (
    <dl className="divide-y divide-border rounded-2xl border border-border bg-surface shadow-card">
      {Object.entries(metadata).map(([key, value]) => (
        <div key={key} className="grid gap-1 px-4 py-3 sm:grid-cols-[12rem_1fr] sm:gap-4">
          <dt className="break-words font-mono text-muted text-xs sm:pt-0.5">{key}</dt>
          <dd className="min-w-0 whitespace-pre-line break-words text-fg text-sm">{value}</dd>
        </div>
      ))}
    </dl>
  );
}
