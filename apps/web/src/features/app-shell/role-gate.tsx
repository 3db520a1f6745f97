import { ROUTES, TEAM_TEXTS, type WorkspaceRole } from '@conduit/contracts';
import { ShieldAlert } from 'lucide-react';
import type { ReactNode } from 'react';
import { useLocation } from 'react-router';
import { LoadingScreen } from '../../components/layout/loading-screen.tsx';
import { ButtonLink } from '../../components/ui/button.tsx';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { useWorkspace } from '../workspaces/use-workspace.ts';
import { pageLabel, pagePermission } from './app-nav-items.ts';

/**
 * A page the member's role cannot use (a billing member opening /app/api-keys by its address)
 * says so with the server's own refusal text instead of loading what would be refused. When the
 * list of workspaces cannot be read, the page shows and the server decides.
 */
export function RoleGate({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  const { role, can, query } = useWorkspace();
  const permission = pagePermission(pathname);
  // Such a page waits for the role, so it never asks for what would be refused.
  if (permission && query.isPending) return <LoadingScreen />;
  if (!permission || !role || can(permission)) return children;
  return <NotForRole role={role} label={pageLabel(pathname)} />;
}

export const notAvailableTitle = (label: string) => `${label}: not available`;

/** The page the role cannot use, under a title of its own (the tab names the page it was). */
function NotForRole({ role, label }: { role: WorkspaceRole; label: string }) {
  useDocumentTitle(notAvailableTitle(label));
  return (
    <section className="max-w-xl rounded-2xl border border-border bg-surface p-6 shadow-card">
      <ShieldAlert aria-hidden="true" className="size-6 text-warning" />
      <h1 className="mt-3 font-semibold text-fg text-xl">Not available in this workspace</h1>
      <p role="alert" className="mt-2 text-fg">
        {TEAM_TEXTS.roleForbidden(role)}
      </p>
      <p className="mt-1 text-muted text-sm">
        Ask a team owner or admin for another role, or switch workspace.
      </p>
      <ButtonLink to={ROUTES.app} variant="secondary" className="mt-4">
        Go to dashboard
      </ButtonLink>
    </section>
  );
}
