import {
  type InvitationPreviewResponse,
  PRODUCT_NAME,
  ROUTES,
  TEAM_TEXTS,
  WORKSPACE_ROLE_LABELS,
  WORKSPACE_ROLE_SUMMARIES,
} from '@conduit/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useLocation, useNavigate, useParams } from 'react-router';
import { LoadingScreen } from '../../components/layout/loading-screen.tsx';
import { Button, ButtonLink } from '../../components/ui/button.tsx';
import { FormAlert } from '../../components/ui/form-alert.tsx';
import { formatDate } from '../../lib/format.ts';
import { serverTextOr } from '../../lib/server-error.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { AuthOutcome } from '../auth/auth-outcome.tsx';
import { authLink } from '../auth/next-path.ts';
import { type SessionUser, useSessionUser } from '../auth/session-user.ts';
import { useNotify } from '../notifications/notification-context.ts';
import { invitationQuery, reloadWorkspaceData, workspacesApi } from '../workspaces/workspaces-api.ts';

export const JOIN_LABEL = 'Join team';
const JOIN_FAILED = 'Could not join the team. Please try again.';

const sameAddress = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

function Facts({ invitation }: { invitation: InvitationPreviewResponse }) {
  return (
    <dl className="grid w-full grid-cols-[auto_1fr] gap-x-4 gap-y-2 rounded-xl border border-border bg-surface p-4 text-left text-sm">
      <dt className="text-muted">Role</dt>
      <dd className="text-fg">
        {WORKSPACE_ROLE_LABELS[invitation.role]}
        <span className="block text-muted text-xs">{WORKSPACE_ROLE_SUMMARIES[invitation.role]}</span>
      </dd>
      <dt className="text-muted">Invited by</dt>
      <dd className="break-all text-fg">{invitation.invitedBy ?? 'A team admin'}</dd>
      <dt className="text-muted">For</dt>
      <dd className="break-all text-fg">{invitation.email}</dd>
      <dt className="text-muted">Expires</dt>
      <dd className="text-fg">{formatDate(invitation.expiresAt)}</dd>
    </dl>
  );
}

/** What the visitor can do: sign in or sign up (and come back), read why not, or join. */
function InviteAction({
  token,
  invitation,
  user,
}: {
  token: string;
  invitation: InvitationPreviewResponse;
  user: SessionUser | null;
}) {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { success } = useNotify();
  const join = useMutation({
    mutationFn: () => workspacesApi.acceptInvitation(token),
    onSuccess: async (joined) => {
      success({ title: joined.message, message: joined.workspace.name });
      // Leave first, then forget the used invitation: reloading it while shown would ask for a
      // link that no longer exists (a 404 in the console).
      await navigate(ROUTES.app, { replace: true });
      queryClient.removeQueries({ queryKey: invitationQuery(token).queryKey });
      await reloadWorkspaceData(queryClient);
    },
  });

  if (!user) {
    return (
      <div className="flex w-full flex-col gap-2 sm:flex-row sm:justify-center">
        <ButtonLink to={authLink('login', pathname, invitation.email)}>Sign in</ButtonLink>
        <ButtonLink to={authLink('signup', pathname, invitation.email)} variant="secondary">
          Create account
        </ButtonLink>
      </div>
    );
  }
  if (!sameAddress(user.email, invitation.email)) {
    return <FormAlert>{TEAM_TEXTS.invitationOtherEmail}</FormAlert>;
  }
  if (!user.emailVerified) return <FormAlert>{TEAM_TEXTS.invitationNeedsVerified}</FormAlert>;
  return (
    <div className="w-full space-y-3">
      {join.isError && <FormAlert>{serverTextOr(join.error, JOIN_FAILED)}</FormAlert>}
      <Button className="w-full" disabled={join.isPending} onClick={() => join.mutate()}>
        {join.isPending ? 'Joining...' : JOIN_LABEL}
      </Button>
    </div>
  );
}

/**
 * /invite/<token> (docs/product.md, "Teams in the web app"): the team, role and inviter; signed out, sign-in and
 * sign-up links that come back here; signed in as the invited address, "Join team", which lands on
 * /app working in the team.
 */
export function InvitePage() {
  useDocumentTitle('Team invitation');
  const token = useParams().token ?? '';
  const user = useSessionUser();
  const invitation = useQuery(invitationQuery(token));

  if (invitation.isError) {
    return (
      <AuthOutcome tone="danger" title="Invitation not available">
        <p className="text-fg">{serverTextOr(invitation.error, TEAM_TEXTS.invitationInvalid)}</p>
        <ButtonLink to={ROUTES.home} variant="secondary" className="mt-3">
          Back to home
        </ButtonLink>
      </AuthOutcome>
    );
  }
  if (invitation.isPending || user === undefined) return <LoadingScreen />;
  return (
    <AuthOutcome tone="ask" title={`Join ${invitation.data.teamName}`}>
      <p className="text-muted">You are invited to work in this team on {PRODUCT_NAME}.</p>
      <Facts invitation={invitation.data} />
      <InviteAction token={token} invitation={invitation.data} user={user} />
    </AuthOutcome>
  );
}
