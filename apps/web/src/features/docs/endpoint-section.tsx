import {
  type ApiEndpoint,
  answerExamples,
  codeExample,
  findEndpoint,
  PYTHON_SDK_PACKAGE,
  pythonSdkExample,
} from '@conduit/contracts';
import { Link } from 'react-router';
import { CodeBlock } from './code-block.tsx';
import { useCodeLanguage } from './code-language-store.ts';
import { costText } from './cost-text.ts';
import { useBaseUrl, useDocsSettings } from './docs-context.ts';
import { DEFAULT_DOCS_TAB, docsTabHref, ERRORS_ANCHOR } from './docs-tabs.ts';
import { FieldTable } from './field-table.tsx';
import { EndpointLine } from './method-badge.tsx';

function SubHeading({ children }: { children: string }) {
  return <h4 className="mt-6 mb-3 font-semibold text-fg text-sm">{children}</h4>;
}

/** One endpoint: method and path, what it does and costs, its fields, an example and its answer. */
export function EndpointSection({ endpoint }: { endpoint: ApiEndpoint }) {
  const { apiKey, basePath } = useDocsSettings();
  const baseUrl = useBaseUrl();
  const [language] = useCodeLanguage();
  const [answer] = answerExamples(endpoint, baseUrl);
  const source = endpoint.statusOf ? findEndpoint(endpoint.statusOf) : null;
  return (
    <section aria-labelledby={`${endpoint.id}-title`} id={endpoint.id} className="scroll-mt-24">
      <h3 id={`${endpoint.id}-title`} className="font-semibold text-fg text-xl tracking-tight">
        {endpoint.title}
      </h3>
      <div className="mt-3">
        <EndpointLine endpoint={endpoint} />
      </div>
      <p className="mt-3 text-muted">{endpoint.summary}</p>
      <dl className="mt-3 flex flex-wrap gap-x-6 gap-y-1 text-sm">
        <div className="flex gap-2">
          <dt className="text-muted">Cost</dt>
          <dd className="font-medium text-fg">{costText(endpoint)}</dd>
        </div>
        <div className="flex gap-2">
          <dt className="text-muted">Mode</dt>
          <dd className="font-medium text-fg">
            {endpoint.mode === 'sync'
              ? 'waits for the result'
              : endpoint.mode === 'async'
                ? 'answers a task id at once (or waits with Prefer: wait=N)'
                : endpoint.mode === 'cancel'
                  ? 'stops the task, if it can'
                  : endpoint.mode === 'quote'
                    ? 'prices a call, charges nothing'
                    : 'read only'}
          </dd>
        </div>
      </dl>

      {endpoint.body ? (
        <>
          <SubHeading>Body (JSON)</SubHeading>
          <FieldTable schema={endpoint.body} label={`${endpoint.title}: body fields`} />
        </>
      ) : null}
      {source ? (
        <>
          <SubHeading>Path parameter</SubHeading>
          <p className="text-muted text-sm">
            <code className="font-mono text-fg">taskId</code>: the{' '}
            <code className="font-mono text-fg">taskId</code> answered by{' '}
            <a href={`#${source.id}`} className="text-primary-text underline underline-offset-2">
              {source.method} {source.path}
            </a>
            .
          </p>
        </>
      ) : null}

      <SubHeading>Example request</SubHeading>
      <CodeBlock
        label={endpoint.title}
        codeFor={(language) => codeExample(endpoint, language, { baseUrl, apiKey })}
      />
      {language === 'python' ? (
        <>
          <p className="mt-3 mb-2 text-muted text-sm">
            The same call with the Python SDK (<code className="font-mono text-fg">{PYTHON_SDK_PACKAGE}</code>
            : standard library only, answers as dataclasses):
          </p>
          <CodeBlock
            label={`${endpoint.title} (Python SDK)`}
            languages={['python']}
            codeFor={() => pythonSdkExample(endpoint, { baseUrl, apiKey })}
          />
        </>
      ) : null}

      {answer ? (
        <>
          <SubHeading>{`Answer (${answer.status})`}</SubHeading>
          <p className="mb-3 text-muted text-sm">{answer.note}</p>
          <pre
            // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard
            tabIndex={0}
            className="max-h-96 overflow-auto rounded-xl border border-border bg-surface-2 p-4 font-mono text-fg text-xs leading-relaxed"
          >
            {JSON.stringify(answer.body, null, 2)}
          </pre>
        </>
      ) : null}
      <p className="mt-3 text-muted text-sm">
        Errors answer{' '}
        <code className="font-mono text-fg">{'{ success: false, error, code, requestId }'}</code> with the
        HTTP status:{' '}
        <Link
          to={docsTabHref(basePath, DEFAULT_DOCS_TAB, ERRORS_ANCHOR)}
          className="text-primary-text underline underline-offset-2"
        >
          error codes
        </Link>
        .
      </p>
    </section>
  );
}
