import { USAGE_COSTS } from '@conduit/contracts';

const REQUEST_LINES = [
  { text: 'curl -X POST https://conduit.dev/api/provider/image \\', tone: 'fg' },
  { text: '  -H "X-API-Key: $CONDUIT_API_KEY" \\', tone: 'fg' },
  { text: '  -H "Content-Type: application/json" \\', tone: 'fg' },
  { text: `  -d '{"prompt": "isometric data center at dusk",`, tone: 'string' },
  { text: `       "image_size": "16:9"}'`, tone: 'string' },
] as const;

const RESPONSE = `{
  "success": true,
  "data": {
    "taskId": "task_7Hq2xR9vLm",
    "creditsUsed": ${USAGE_COSTS.imageGeneration},
    "resultUrls": ["https://cdn.conduit.dev/r/7Hq2xR9vLm.png"]
  }
}`;

/** A request and its answer, as a developer would try it first. Decorative code, readable as text. */
export function HeroCodeSample() {
  return (
    <figure className="relative min-w-0 rounded-2xl border border-border bg-surface shadow-popover">
      <div className="flex items-center gap-2 border-border border-b px-4 py-3">
        <span aria-hidden="true" className="size-2.5 rounded-full bg-danger" />
        <span aria-hidden="true" className="size-2.5 rounded-full bg-warning" />
        <span aria-hidden="true" className="size-2.5 rounded-full bg-success" />
        <figcaption className="ml-2 font-mono text-muted text-xs">Generate an image</figcaption>
      </div>
      <pre className="whitespace-pre-wrap [overflow-wrap:anywhere] p-4 font-mono text-[0.8rem] leading-6 sm:p-5">
        <code>
          <span className="text-muted">$ </span>
          {REQUEST_LINES.map((line) => (
            <span key={line.text} className={line.tone === 'string' ? 'text-primary-text' : 'text-fg'}>
              {line.text}
              {'\n'}
            </span>
          ))}
        </code>
      </pre>
      <div className="border-border border-t bg-surface-2/60 px-4 py-2 font-mono text-muted text-xs sm:px-5">
        200 OK · 1.8 s
      </div>
      <pre className="whitespace-pre-wrap [overflow-wrap:anywhere] rounded-b-2xl p-4 font-mono text-[0.8rem] text-fg leading-6 sm:p-5">
        <code>{RESPONSE}</code>
      </pre>
    </figure>
  );
}
