import type { AccountSession } from '@conduit/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { MonitorSmartphone } from 'lucide-react';
import { Button } from '../../components/ui/button.tsx';
import { QueryLoadError } from '../../components/ui/load-error.tsx';
import { SectionCard } from '../../components/ui/section-card.tsx';
import { serverTextOr } from '../../lib/server-error.ts';
import { useNotify } from '../notifications/notification-context.ts';
import { SESSIONS_QUERY_KEY, securityApi } from './security-api.ts';

const when = (iso: string) =>
  new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

function SessionRow({
  session,
  onSignOut,
  isBusy,
}: {
  session: AccountSession;
  onSignOut: () => void;
  isBusy: boolean;
}) {
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 py-3">
      <div className="min-w-0">
        <p className="font-medium text-fg">
          {session.browser} on {session.os}
          {session.isCurrent && (
            <span className="ml-2 rounded-full bg-primary-soft px-2 py-0.5 font-medium text-primary-text text-xs">
              This device
            </span>
          )}
        </p>
        <p className="text-muted text-sm">
          {session.ip ?? 'Unknown IP'} · signed in {when(session.createdAt)} · last seen{' '}
          {when(session.lastSeenAt)}
        </p>
      </div>
      {!session.isCurrent && (
        <Button
          variant="secondary"
          size="sm"
          onClick={onSignOut}
          disabled={isBusy}
          aria-label={`Sign out ${session.browser} on ${session.os}`}
        >
          Sign out
        </Button>
      )}
    </li>
  );
}

/** Every signed-in browser of the account, with sign-out for one or for all others. */
export function SessionsSection() {
  const queryClient = useQueryClient();
  const { success, error } = useNotify();
  const sessions = useQuery({ queryKey: SESSIONS_QUERY_KEY, queryFn: securityApi.sessions });
  const refresh = () => queryClient.invalidateQueries({ queryKey: SESSIONS_QUERY_KEY });
  const signOut = useMutation({
    mutationFn: (id: string | null) => (id ? securityApi.signOutSession(id) : securityApi.signOutOthers()),
    onSuccess: (response) => {
      success({ message: response.message });
      void refresh();
    },
    onError: (failure) => error({ message: serverTextOr(failure, 'Failed to sign out the session') }),
  });
  const list = sessions.data?.sessions ?? [];
  const hasOthers = list.some((session) => !session.isCurrent);

  return (
    <SectionCard title="Sessions" icon={MonitorSmartphone}>
      <p className="mt-2 text-muted text-sm">
        Browsers signed in to your account. Sign out any you do not recognise.
      </p>
      {sessions.isError ? (
        <QueryLoadError query={sessions} message="Failed to load your sessions" />
      ) : sessions.isPending ? (
        <div aria-hidden="true" className="mt-4 h-16 animate-pulse rounded-lg bg-surface-2" />
      ) : (
        <ul className="mt-2 divide-y divide-border">
          {list.map((session) => (
            <SessionRow
              key={session.id}
              session={session}
              isBusy={signOut.isPending}
              onSignOut={() => signOut.mutate(session.id)}
            />
          ))}
        </ul>
      )}
      {hasOthers && (
        <Button
          variant="secondary"
          className="mt-3"
          onClick={() => signOut.mutate(null)}
          disabled={signOut.isPending}
        >
          Sign out all others
        </Button>
      )}
    </SectionCard>
  );
}
