import {
  API_ENDPOINT_DOCS,
  API_KEY_HEADER,
  DEFAULT_RESULT_RETENTION_DAYS,
  OPENAPI_PATH,
  SERVICE_LABELS,
  SERVICES,
  SYNC_WAIT_S,
  TASK_STATUSES,
} from '@conduit/contracts';
import { Link } from 'react-router';
import { costText } from './cost-text.ts';
import { useBaseUrl, useDocsSettings } from './docs-context.ts';
import { Code, DocSection, DocTable } from './docs-prose.tsx';
import { DOCS_TABS, type DocsTab, docsTabHref } from './docs-tabs.ts';
import { ErrorsSection } from './errors-section.tsx';
import { MetadataSection } from './metadata-section.tsx';
import { ToolsSection } from './tools-section.tsx';

function ServicesTable() {
  const { site, basePath } = useDocsSettings();
  const tabLabel = (tab: DocsTab) => DOCS_TABS[site].find((candidate) => candidate.id === tab)?.label ?? tab;
  return (
    <DocTable
      label="Services"
      columns={['Service', 'Endpoints', 'Cost']}
      wideOnPhones={[1]}
      rows={SERVICES.map((service) => {
        const endpoints = API_ENDPOINT_DOCS.filter((endpoint) => endpoint.tab === service);
        const paid = endpoints.find((endpoint) => endpoint.cost > 0);
        return {
          key: service,
          cells: [
            <Link
              key="service"
              to={docsTabHref(basePath, service)}
              className="font-medium text-primary-text underline underline-offset-2"
            >
              {SERVICE_LABELS[service]}
              <span className="sr-only"> ({tabLabel(service)} tab)</span>
            </Link>,
            <ul key="endpoints" className="space-y-1 font-mono text-xs">
              {endpoints.map((endpoint) => (
                <li key={endpoint.id} className="break-all">
                  {endpoint.method} {endpoint.path}
                </li>
              ))}
            </ul>,
            paid ? costText(paid) : 'Free',
          ],
        };
      })}
    />
  );
}

/**
 * The origin, in a leaf of its own: on the prerendered page it changes right after hydration, and
 * only this text should render again then, not the whole tab.
 */
function BaseUrl() {
  return <>{useBaseUrl()}</>;
}

/** Overview: where the API lives, what it offers, how calls and tasks behave, and every error code. */
export function OverviewTab() {
  return (
    <div className="space-y-12">
      <DocSection id="base-url" title="Base URL">
        <p>
          Every endpoint lives under the address this page was served from, over HTTPS in production. Send
          JSON bodies with <Code>Content-Type: application/json</Code> and your key in the{' '}
          <Code>{API_KEY_HEADER}</Code> header.
        </p>
        <p className="break-all rounded-xl border border-border bg-surface-2 px-4 py-3 font-mono text-fg text-sm">
          <BaseUrl />
        </p>
        <p>
          The machine-readable description (OpenAPI 3.1) is at{' '}
          <a href={OPENAPI_PATH} className="font-mono text-primary-text underline underline-offset-2">
            {OPENAPI_PATH}
          </a>
          : import it into Postman, Insomnia or a client generator.
        </p>
      </DocSection>

      <DocSection id="services" title="The four services">
        <p>Each call is paid in credits from your balance; the status endpoints are free.</p>
        <ServicesTable />
      </DocSection>

      <DocSection id="sync-async" title="Waiting or polling">
        <p>
          <strong className="text-fg">Calls that wait</strong> (image, LinkedIn and the Sora{' '}
          <Code>/sync</Code> endpoint) answer the finished result. If the work takes longer than their wait
          (image {SYNC_WAIT_S.image} s, Sora {SYNC_WAIT_S.sora} s, LinkedIn {SYNC_WAIT_S.linkedin} s), they
          answer <Code>202</Code> with the task id instead.
        </p>
        <p>
          <strong className="text-fg">Task calls</strong> (video and the Sora task endpoint) answer at once
          with a <Code>taskId</Code> and a <Code>statusUrl</Code>. Poll the status endpoint every few seconds,
          or pass <Code>callBackUrl</Code> and be called when the task settles.
        </p>
      </DocSection>

      <DocSection id="task-lifecycle" title="Task lifecycle">
        <ol
          className="flex flex-wrap items-center gap-2 font-mono text-fg text-sm"
          aria-label="Task statuses"
        >
          {TASK_STATUSES.map((status, index) => (
            <li key={status} className="flex items-center gap-2">
              {index > 0 ? (
                <span aria-hidden="true" className="text-muted">
                  {index === 1 ? '→' : 'or'}
                </span>
              ) : null}
              <span className="rounded-md bg-surface-2 px-2 py-0.5">{status}</span>
            </li>
          ))}
        </ol>
        <p>
          A task starts <Code>processing</Code> and its credits are taken then. It ends <Code>completed</Code>
          , with its result URLs or data, or <Code>failed</Code>, with an <Code>error</Code>: a failed task is
          refunded in full, once (<Code>creditsRefunded</Code> says so, and <Code>creditsUsed</Code> drops to
          0). It ends <Code>canceled</Code> when you cancel it (refunded), or <Code>aborted</Code> when it had
          not started upstream by its <Code>Cancel-After</Code> (refunded, never charged upstream).
        </p>
        <p>
          Every task answer carries <Code>deadlineAt</Code>, the service's maximum duration. This is a
          guarantee: a task not settled by then fails, is refunded in full, and its webhook is sent, within
          seconds of <Code>deadlineAt</Code> while the service runs. Every paid answer carries{' '}
          <Code>creditsCharged</Code> and the headers <Code>X-Credits-Charged</Code> and{' '}
          <Code>X-Credits-Remaining</Code>; a replayed <Code>Idempotency-Key</Code> also answers{' '}
          <Code>Idempotent-Replayed: true</Code> and charges nothing again.
        </p>
      </DocSection>

      <DocSection id="result-files" title="Result files and how long they are kept">
        <p>
          Images and videos are served from our own URLs (<Code>/files/...</Code>), with byte ranges for video
          seeking. They are kept {DEFAULT_RESULT_RETENTION_DAYS} days after the task completes: every answer
          that carries result URLs also carries <Code>expiresAt</Code>, the moment they stop working. From
          then on a file's URL answers <Code>410 RESULT_EXPIRED</Code> and the file is deleted; download what
          you want to keep before <Code>expiresAt</Code>. Deleting your account deletes its result files at
          once.
        </p>
      </DocSection>

      <DocSection id="idempotency" title="Retrying safely: Idempotency-Key">
        <p>
          Send an <Code>Idempotency-Key</Code> header (1-255 printable characters, e.g. a UUID) with a paid
          call. Repeating the call with the same key and the same body answers the first result and charges
          nothing more; the same key with a different body is refused with <Code>409 CONFLICT</Code>. Use a
          new key for every new request.
        </p>
      </DocSection>

      <MetadataSection />

      <DocSection id="webhooks" title="Webhooks: callBackUrl">
        <p>
          Pass <Code>callBackUrl</Code> (a public http(s) URL) in a paid call's body and we POST the settled
          task to it: <Code>{'{ type, timestamp, data }'}</Code>, where <Code>type</Code> is{' '}
          <Code>task.completed</Code> or <Code>task.failed</Code> and <Code>data</Code> is what the status
          endpoint answers. A call that does not get a 2xx answer is retried with growing pauses for about a
          day.
        </p>
        <p>
          Calls are signed the{' '}
          <a
            href="https://www.standardwebhooks.com/"
            className="text-primary-text underline underline-offset-2"
            rel="noreferrer"
          >
            Standard Webhooks
          </a>{' '}
          way with your account's secret (shown on the API Keys page), in three headers:
        </p>
        <ul className="list-disc space-y-1 pl-6">
          <li>
            <Code>webhook-id</Code>: the message id, the same on every retry (use it to ignore duplicates);
          </li>
          <li>
            <Code>webhook-timestamp</Code>: when it was sent, in Unix seconds (refuse calls older than 5
            minutes);
          </li>
          <li>
            <Code>webhook-signature</Code>: <Code>v1,</Code> then the Base64 HMAC-SHA256 of{' '}
            <Code>{'{webhook-id}.{webhook-timestamp}.{body}'}</Code>, keyed with the Base64-decoded part of
            the secret after <Code>whsec_</Code>.
          </li>
        </ul>
        <p>Any Standard Webhooks library verifies them; compare signatures in constant time.</p>
      </DocSection>

      <ToolsSection />

      <ErrorsSection />
    </div>
  );
}
