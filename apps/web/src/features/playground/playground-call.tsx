import { CALL_TEXTS } from '@conduit/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { QueryLoadError } from '../../components/ui/load-error.tsx';
import { CallOutcome } from '../calls/call-outcome.tsx';
import { callQuery } from '../calls/calls-api.ts';
import type { NextPageAction } from '../calls/linkedin-result.tsx';
import { CREDITS_QUERY_KEY } from '../credits/credits-api.ts';

/**
 * The call a run made, read like the call's page reads it (the same query, asked again while it
 * runs), so an async task shows as running and then its result.
 */
export function PlaygroundCall({ taskId, nextPage }: { taskId: string; nextPage?: NextPageAction }) {
  const queryClient = useQueryClient();
  const call = useQuery(callQuery(taskId));
  const status = call.data?.status;
  // A task that failed after its answer was refunded then: the balance moved again.
  useEffect(() => {
    if (status === 'failed') void queryClient.invalidateQueries({ queryKey: CREDITS_QUERY_KEY });
  }, [status, queryClient]);

  if (call.isPending) return <p className="text-muted text-sm">Loading the call...</p>;
  if (call.isError) {
    return <QueryLoadError query={call} message={CALL_TEXTS.loadFailed} />;
  }
  return <CallOutcome call={call.data} nextPage={nextPage} />;
}
