import { CALL_TEXTS, type CallDetail, ROUTES, SERVICE_LABELS } from '@conduit/contracts';
import { useQuery } from '@tanstack/react-query';
import { ArrowLeft } from 'lucide-react';
import { type ReactNode, useCallback, useId, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { CopyButton } from '../../components/ui/copy-button.tsx';
import { QueryLoadError } from '../../components/ui/load-error.tsx';
import { ApiError } from '../../lib/api-client.ts';
import { playgroundPathFor } from '../../lib/playground-location.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { CallFacts } from './call-facts.tsx';
import { CALL_METADATA_TITLE, CallMetadata } from './call-metadata.tsx';
import { CallOutcome } from './call-outcome.tsx';
import { CallStatus } from './call-status.tsx';
import { CallTimeline } from './call-timeline.tsx';
import { callQuery } from './calls-api.ts';
import { CancelCall } from './cancel-call.tsx';
import { RequestParameters } from './request-parameters.tsx';
import { ResultRating } from './result-rating.tsx';

function Section({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="min-w-0">
      <h2 id={id} className="mb-3 font-semibold text-fg text-lg">
        {title}
      </h2>
      {children}
    </section>
  );
}

function CallDetailView({ call }: { call: CallDetail }) {
  const navigate = useNavigate();
  // The rating asks about a result only once it has been seen: loaded and shown on this page.
  const [isSeen, setIsSeen] = useState(false);
  const markSeen = useCallback(() => setIsSeen(true), []);
  const nextPage = {
    label: 'Next page in the Playground',
    onNextPage: (token: string) =>
      void navigate(playgroundPathFor('linkedin'), {
        state: { prefill: { ...call.request, pagination_token: token } },
      }),
  };
  return (
    <>
      <header className="space-y-2">
        <div className="flex flex-wrap items-center gap-x-4 gap-y-1">
          <h1 className="font-semibold text-2xl text-fg tracking-tight">{SERVICE_LABELS[call.service]}</h1>
          <span className="text-fg text-sm">
            <CallStatus status={call.status} />
          </span>
        </div>
        <div className="flex flex-wrap items-center gap-3">
          <CopyButton value={call.taskId} size="sm" />
          <CancelCall call={call} />
        </div>
      </header>
      <Section title="Result">
        <CallOutcome call={call} nextPage={nextPage} onSeen={markSeen} />
      </Section>
      {call.status === 'completed' && isSeen && (
        <Section title="Rate this result">
          <ResultRating taskId={call.taskId} rating={call.rating} />
        </Section>
      )}
      <div className="grid gap-8 lg:grid-cols-2">
        <Section title="Status">
          <CallTimeline call={call} />
        </Section>
        <Section title="Details">
          <CallFacts call={call} />
        </Section>
      </div>
      {Object.keys(call.metadata).length > 0 && (
        <Section title={CALL_METADATA_TITLE}>
          <CallMetadata metadata={call.metadata} />
        </Section>
      )}
      <Section title="Request">
        <RequestParameters request={call.request} />
      </Section>
    </>
  );
}

/** /app/calls/:taskId: one call, its result, its status over time, what it cost and what was sent. */
export function CallDetailPage() {
  const { taskId = '' } = useParams();
  const call = useQuery(callQuery(taskId));
  useDocumentTitle(call.data ? `${SERVICE_LABELS[call.data.service]} call` : 'Call');
  const isNotFound = call.error instanceof ApiError && call.error.status === 404;

  return (
    <div className="max-w-5xl space-y-8">
      <Link to={ROUTES.app} className="inline-flex items-center gap-1.5 text-muted text-sm hover:text-fg">
        <ArrowLeft aria-hidden="true" className="size-4" />
        Dashboard
      </Link>
      {call.isPending ? (
        <p role="status" className="text-muted">
          Loading...
        </p>
      ) : isNotFound ? (
        <div>
          <h1 className="font-semibold text-2xl text-fg tracking-tight">{CALL_TEXTS.notFound}</h1>
          <p className="mt-1 text-muted">No call of yours has the id {taskId}.</p>
        </div>
      ) : call.isError ? (
        <QueryLoadError query={call} message={CALL_TEXTS.loadFailed} />
      ) : (
        <CallDetailView call={call.data} />
      )}
    </div>
  );
}
