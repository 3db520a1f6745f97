import { API_KEY_PLACEHOLDER } from '@conduit/contracts';
import { useBaseUrl, useDocsSettings } from './docs-context.ts';
import { Code, DocSection } from './docs-prose.tsx';

function Snippet({ label, code }: { label: string; code: string }) {
  return (
    <figure
      aria-label={label}
      className="min-w-0 overflow-hidden rounded-xl border border-border bg-surface-2"
    >
      <figcaption className="border-border border-b px-4 py-2 font-medium text-muted text-xs">
        {label}
      </figcaption>
      <pre
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard
        tabIndex={0}
        className="overflow-x-auto p-4 font-mono text-fg text-xs leading-relaxed sm:text-sm"
      >
        <code>{code}</code>
      </pre>
    </figure>
  );
}

/**
 * The three ready-made ways to call the API besides plain HTTP: the Python SDK, the MCP server for
 * AI agents and the command line (docs/product.md, "SDKs, MCP server and command line").
 */
export function ToolsSection() {
  const baseUrl = useBaseUrl();
  const apiKey = useDocsSettings().apiKey ?? API_KEY_PLACEHOLDER;
  return (
    <DocSection id="tools" title="Python, AI agents and the command line">
      <p>
        The Python SDK, <Code>conduitapi</Code>, needs nothing but the standard library (its wheel builds
        offline from <Code>packages/python</Code>): one method per endpoint, answers as dataclasses, retries
        that never charge twice, an error class per status, <Code>AsyncConduit</Code>,{' '}
        <Code>wait_for_task</Code> and <Code>verify_webhook</Code>.
      </p>
      <Snippet
        label="Python SDK"
        code={`from conduitapi import Conduit

conduit = Conduit(api_key="${apiKey}", base_url="${baseUrl}")
image = conduit.generate_image("A lighthouse at dusk", image_size="16:9")
print(image.result_urls, image.credits_used)
video = conduit.wait_for_task(conduit.create_video("A drone over green hills"))
print(video.video_urls)`}
      />
      <p>
        AI agents call the four services through the MCP server, <Code>conduit-mcp</Code> (the package{' '}
        <Code>@conduit-api/mcp</Code>, not on the npm registry yet: <Code>npm run tools:install</Code> in a
        clone of Conduit installs it) (tools to generate an image, create a video, remove a Sora watermark,
        scrape LinkedIn, read, list and cancel tasks, quote a price and read the balance), over stdio or
        streamable HTTP (<Code>--http</Code>, on loopback). In an MCP client's configuration:
      </p>
      <Snippet
        label="MCP server"
        code={`{
  "mcpServers": {
    "conduit": {
      "command": "conduit-mcp",
      "env": { "CONDUIT_API_KEY": "${apiKey}", "CONDUIT_BASE_URL": "${baseUrl}" }
    }
  }
}`}
      />
      <p>
        The command line (<Code>conduit</Code>, in the package <Code>@conduit-api/client</Code> with the
        TypeScript client) prints progress on stderr and the result on stdout, and exits with one code per
        outcome (2 bad arguments, 3 key refused, 4 credits or spend limit, 5 rate limited, 7 server or
        network, 8 still processing after <Code>--wait</Code>, 9 the task failed and was refunded;{' '}
        <Code>conduit help</Code> lists them all).
      </p>
      <Snippet
        label="Command line"
        code={`npm run tools:install   # in a clone of Conduit: installs conduit and conduit-mcp
export CONDUIT_API_KEY=${apiKey} CONDUIT_BASE_URL=${baseUrl}
conduit image "a fox in the snow" --size 16:9 --out fox.png
conduit video "a drone over green hills" --wait
conduit balance`}
      />
    </DocSection>
  );
}
