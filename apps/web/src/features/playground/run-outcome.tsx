import { callPagePath, codeExample, ERROR_CODES } from '@conduit/contracts';
import { ArrowRight } from 'lucide-react';
import { useEffect, useId, useRef } from 'react';
import { Link } from 'react-router';
import type { NextPageAction } from '../calls/linkedin-result.tsx';
import { RawJson } from '../calls/raw-json.tsx';
import { CodeBlock } from '../docs/code-block.tsx';
import { useBaseUrl } from '../docs/docs-context.ts';
import { ApiErrorAlert } from './api-error-alert.tsx';
import { PlaygroundCall } from './playground-call.tsx';
import { type PublicAnswer, type SentRequest, taskIdOf } from './public-call.ts';
import { RaiseKeyLimit, type RefusedLimit } from './raise-key-limit.tsx';

export const RUN_CODE_LABEL = 'This request';

/** The key's own limit a 402 KEY_SPEND_LIMIT names (period, limit, spent); undefined for other answers. */
function spendLimitOf(answer: PublicAnswer): RefusedLimit | undefined {
  const body = (answer.body ?? {}) as Partial<RefusedLimit> & { code?: unknown };
  if (body.code !== ERROR_CODES.KEY_SPEND_LIMIT) return undefined;
  const { limit, spent, period } = body;
  return typeof limit === 'number' && typeof spent === 'number' && period
    ? { limit, spent, period }
    : undefined;
}
/** Tailwind's `lg`, where the answer stands beside the form (ServicePanel). */
const WIDE_SCREEN = '(min-width: 64rem)';

/** What a run answered (the error, or the call and its result), the raw answer, and the request as code. */
export function RunOutcome({
  answer,
  sent,
  nextPage,
  onRunAgain,
}: {
  answer: PublicAnswer;
  sent: SentRequest;
  nextPage?: NextPageAction;
  /** Runs the same request again (after its refusal was fixed here). */
  onRunAgain?: () => void;
}) {
  const headingId = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);
  // A new answer takes the focus, so it is read out. On phones it sits under the long form: bring
  // its top into view; on wide screens it is beside the form, so only its own column may scroll.
  useEffect(() => {
    const heading = headingRef.current;
    if (!answer || !heading) return;
    heading.focus({ preventScroll: true });
    // Optional calls: jsdom has neither.
    const isWide = window.matchMedia?.(WIDE_SCREEN).matches ?? false;
    heading.scrollIntoView?.({ block: isWide ? 'nearest' : 'start' });
  }, [answer]);
  const baseUrl = useBaseUrl();
  const taskId = taskIdOf(answer);
  const isError = answer.status >= 400;
  const refusedLimit = spendLimitOf(answer);
  const request = { method: sent.endpoint.method, path: sent.endpoint.path, exampleBody: sent.body };
  return (
    <section aria-labelledby={headingId} className="space-y-5">
      <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <h2 id={headingId} ref={headingRef} tabIndex={-1} className="font-semibold text-fg text-lg">
          Answer <span className="font-mono font-normal text-muted text-sm">HTTP {answer.status}</span>
        </h2>
        {taskId && (
          <Link
            to={callPagePath(taskId)}
            className="inline-flex items-center gap-1.5 text-primary-text text-sm underline underline-offset-2"
          >
            Open the call's page
            <ArrowRight aria-hidden="true" className="size-4" />
          </Link>
        )}
      </div>
      {isError && (
        <ApiErrorAlert status={answer.status} body={answer.body}>
          {refusedLimit && onRunAgain && (
            <RaiseKeyLimit keyId={sent.keyId} refused={refusedLimit} onRaised={onRunAgain} />
          )}
        </ApiErrorAlert>
      )}
      {!isError && taskId && <PlaygroundCall taskId={taskId} nextPage={nextPage} />}
      <RawJson value={answer.body} label="The API's answer as JSON" />
      <div className="space-y-2">
        <h3 className="font-medium text-fg text-sm">Copy as curl, JavaScript or Python</h3>
        <CodeBlock
          label={RUN_CODE_LABEL}
          codeFor={(language) => codeExample(request, language, { baseUrl, apiKey: sent.apiKey })}
        />
      </div>
    </section>
  );
}
