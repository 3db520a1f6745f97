import type { ApiEndpointDoc } from '@conduit/contracts';

/** "POST /api/provider/image" with the method set apart. */
export function EndpointLine({ endpoint }: { endpoint: Pick<ApiEndpointDoc, 'method' | 'path'> }) {
  return (
    <p className="flex min-w-0 flex-wrap items-center gap-2 font-mono text-sm">
      <span
        className={`rounded-md px-2 py-0.5 font-semibold text-xs ${
          endpoint.method === 'GET' ? 'bg-surface-2 text-fg' : 'bg-primary-soft text-primary-text'
        }`}
      >
        {endpoint.method}
      </span>
      <code className="break-all text-fg">{endpoint.path}</code>
    </p>
  );
}
