import { RawJson } from './raw-json.tsx';

const valueText = (value: unknown) =>
  typeof value === 'string' ? value : Array.isArray(value) ? value.join('\n') : JSON.stringify(value);

/** The body the call was made with, field by field (as the API kept it), and as JSON. */
export function RequestParameters({ request }: { request: Record<string, unknown> }) {
  const entries = Object.entries(request);
  return (
    <div className="space-y-4">
      <dl className="divide-y divide-border rounded-2xl border border-border bg-surface shadow-card">
        {entries.map(([name, value]) => (
          <div key={name} className="grid gap-1 px-4 py-3 sm:grid-cols-[12rem_1fr] sm:gap-4">
            <dt className="font-mono text-muted text-xs sm:pt-0.5">{name}</dt>
            <dd className="min-w-0 whitespace-pre-line break-words text-fg text-sm">{valueText(value)}</dd>
          </div>
        ))}
      </dl>
      <RawJson value={request} label="Request as JSON" />
    </div>
  );
}
