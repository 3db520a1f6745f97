import {
  API_KEY_PREFIXES,
  LIVEMODE_HEADER,
  ROUTES,
  TEST_MODE_TEXTS,
  TEST_TRIGGERS,
} from '@conduit/contracts';
import { Link } from 'react-router';
import { useDocsSettings } from './docs-context.ts';
import { Code, DocSection, DocTable } from './docs-prose.tsx';
import { InlineMarkdown } from './inline-markdown.tsx';

/**
 * Testing your integration: test keys, what a test call does and does not do, the separation of
 * test and live data, and the test triggers, one table read from the contracts' TEST_TRIGGERS (the
 * same list the development engine acts on).
 */
export function TestingTab() {
  const { site } = useDocsSettings();
  return (
    <div className="space-y-12">
      <DocSection id="testing" title="Testing your integration">
        <p>
          Build and test a whole integration without spending a credit: make a <strong>test key</strong> on
          the{' '}
          <Link to={ROUTES.appApiKeys} className="text-primary-text underline underline-offset-2">
            API Keys
          </Link>{' '}
          page{site === 'public' ? ' after signing in' : ''} (Mode: Test), or with{' '}
          <Code>{'POST /api/keys {"mode": "test"}'}</Code>. Test keys start{' '}
          <Code>{API_KEY_PREFIXES.test}</Code>, live ones <Code>{API_KEY_PREFIXES.live}</Code>.
        </p>
        <ul className="list-disc space-y-1 pl-6">
          <li>
            Every call with a test key, native or through the OpenAI-compatible <Code>/v1</Code>, is served by
            the development engine whatever serves live calls: it never reaches an upstream provider and
            answers labelled sample results.
          </li>
          <li>
            A test call costs nothing: <Code>creditsCharged</Code> is 0, no ledger entry is written, your
            balance never limits it (no <Code>402</Code>, even at 0 credits) and a key's spend limit counts
            nothing for it.
          </li>
          <li>
            Rate limits still apply, on a budget of their own: test calls never use up your live requests, nor
            the other way round.
          </li>
          <li>
            Task answers, the task list, events and webhook payloads carry <Code>livemode</Code>:{' '}
            <Code>false</Code> for a test call, <Code>true</Code> for a live one.
          </li>
          <li>
            Each mode sees only its own data: a test key lists and reads test tasks, requests, events and
            usage only, and a live key live ones only; a task of the other mode answers <Code>404</Code>. In
            the app, the "{TEST_MODE_TEXTS.switchLabel}" switch shows test data (the app sends{' '}
            <Code>{`${LIVEMODE_HEADER}: false`}</Code>).
          </li>
        </ul>
      </DocSection>

      <DocSection id="test-triggers" title="Test triggers">
        <p>
          Put a trigger anywhere in a call's <Code>prompt</Code> (image and video) or Sora{' '}
          <Code>video_url</Code> to exercise each branch of your integration. The development engine acts on
          them for live calls too when a deployment runs it.
        </p>
        <DocTable
          label="Test triggers"
          columns={['Trigger', 'The task ends', 'What happens']}
          wideOnPhones={[2]}
          rows={TEST_TRIGGERS.map((trigger) => ({
            key: trigger.marker,
            cells: [
              <Code key="marker">{trigger.marker}</Code>,
              trigger.outcome,
              <InlineMarkdown key="description" text={trigger.description} />,
            ],
          }))}
        />
      </DocSection>
    </div>
  );
}
