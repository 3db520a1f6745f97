import { API_ERRORS } from '@conduit/contracts';
import { Code, DocSection, DocTable } from './docs-prose.tsx';
import { ERRORS_ANCHOR } from './docs-tabs.ts';
import { InlineMarkdown } from './inline-markdown.tsx';

const EXAMPLE_ERROR = {
  success: false,
  error: 'Insufficient credits: 10 required, 4 available',
  code: 'INSUFFICIENT_CREDITS',
  required: 10,
  available: 4,
  requestId: 'req_3k9x2m7q1w8c4v6b',
};

/** Every error code of the API with its status, meaning and what to do (anchor #errors). */
export function ErrorsSection() {
  return (
    <DocSection id={ERRORS_ANCHOR} title="Error codes">
      <p>
        A failed call answers its HTTP status and a JSON body with <Code>success: false</Code>, a readable{' '}
        <Code>error</Code>, a stable <Code>code</Code> to branch on and the <Code>requestId</Code> to quote to
        support. A validation error also names the <Code>field</Code>.
      </p>
      <pre
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard
        tabIndex={0}
        className="overflow-x-auto rounded-xl border border-border bg-surface-2 p-4 font-mono text-fg text-xs"
      >
        {JSON.stringify(EXAMPLE_ERROR, null, 2)}
      </pre>
      <DocTable
        label="Error codes"
        columns={['Status', 'Code', 'Meaning', 'What to do']}
        wideOnPhones={[2, 3]}
        rows={API_ERRORS.map((error) => ({
          key: error.code,
          cells: [
            error.status,
            <code key="code" className="whitespace-nowrap font-mono text-xs">
              {error.code}
            </code>,
            <InlineMarkdown key="meaning" text={error.meaning} />,
            <InlineMarkdown key="action" text={error.action} />,
          ],
        }))}
      />
    </DocSection>
  );
}
