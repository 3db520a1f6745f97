import {
  API_ENDPOINTS,
  API_KEY_HEADER,
  API_KEY_PREFIX,
  API_KEY_PREFIXES,
  RATE_LIMITS,
  ROUTES,
} from '@conduit/contracts';
import { Link } from 'react-router';
import { useDocsSettings } from './docs-context.ts';
import { Code, DocSection } from './docs-prose.tsx';
import { docsTabHref } from './docs-tabs.ts';
import { EndpointSection } from './endpoint-section.tsx';
import { RateLimitsTable } from './rate-limits-table.tsx';

const FREE = RATE_LIMITS.free;
/** The key's own account: its balance and limits, its request log, its webhook events. */
const ACCOUNT_ENDPOINTS = API_ENDPOINTS.filter((endpoint) => endpoint.tab === 'account');

/**
 * Authentication: the key header, where keys come from, the key's account endpoints (balance,
 * request log, events), and the rate limits with their headers.
 */
export function AuthenticationTab() {
  const { site, basePath } = useDocsSettings();
  return (
    <div className="space-y-12">
      <DocSection id="api-keys" title="API keys">
        <p>
          Every call carries one of your keys in the <Code>{API_KEY_HEADER}</Code> header, or as{' '}
          <Code>Authorization: Bearer {`${API_KEY_PREFIX}...`}</Code> (what OpenAI-style clients and remote
          MCP hosts send). Keys look like <Code>{`${API_KEY_PREFIX}...`}</Code> followed by random characters;
          a call without a valid key is answered <Code>401 UNAUTHORIZED</Code>.
        </p>
        <p>
          Create, copy and delete keys on the{' '}
          <Link to={ROUTES.appApiKeys} className="text-primary-text underline underline-offset-2">
            API Keys
          </Link>{' '}
          page{site === 'public' ? ' after signing in' : ''}. Keep keys on your server: anyone holding one
          spends your credits. Delete a key that leaked and create a new one.
        </p>
        <p>
          A key is made <Code>live</Code> or <Code>test</Code> (<Code>mode</Code> on{' '}
          <Code>POST /api/keys</Code>, live by default). Test keys start <Code>{API_KEY_PREFIXES.test}</Code>:
          their calls are free, never reach an upstream and answer <Code>livemode: false</Code>; every task
          answer, event and webhook carries <Code>livemode</Code>. See{' '}
          <Link
            to={docsTabHref(basePath, 'testing')}
            className="text-primary-text underline underline-offset-2"
          >
            Testing your integration
          </Link>
          .
        </p>
      </DocSection>

      {ACCOUNT_ENDPOINTS.map((endpoint) => (
        <EndpointSection key={endpoint.id} endpoint={endpoint} />
      ))}

      <DocSection id="rate-limits" title="Rate limits">
        <p>
          Limits count the requests of your whole account (all keys together) per minute, hour and day. Your
          tier rises from Free to Pro with your first credit purchase.
        </p>
        <RateLimitsTable />
        <p>Every answer carries the limit that is closest to running out:</p>
        <ul className="list-disc space-y-1 pl-6">
          <li>
            <Code>RateLimit-Policy</Code>: each window as limit and seconds, e.g.{' '}
            <Code>{`${FREE.perMinute};w=60, ${FREE.perHour};w=3600, ${FREE.perDay};w=86400`}</Code>.
          </li>
          <li>
            <Code>RateLimit</Code>: that window's limit, what remains and the seconds until it resets, e.g.{' '}
            <Code>{`limit=${FREE.perMinute}, remaining=${FREE.perMinute - 1}, reset=60`}</Code>.
          </li>
          <li>
            <Code>Retry-After</Code>: on a <Code>429 RATE_LIMITED</Code> answer, the seconds to wait before
            calling again.
          </li>
        </ul>
      </DocSection>
    </div>
  );
}
