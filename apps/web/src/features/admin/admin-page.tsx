import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { RequireAuth } from '../auth/require-auth.tsx';
import { isAdmin } from '../auth/session-user.ts';
import { AccessDenied } from './access-denied.tsx';

function AdminHome() {
  useDocumentTitle('Admin');
  return (
    <main className="mx-auto max-w-5xl px-6 py-12">
      <h1 className="font-semibold text-2xl text-fg tracking-tight">Admin dashboard</h1>
      <p className="mt-2 text-muted">Users, revenue, feature analytics and system health will appear here.</p>
    </main>
  );
}

/** /admin: signed-in admins and super admins only (spec section 6). */
export function AdminPage() {
  return <RequireAuth>{(user) => (isAdmin(user) ? <AdminHome /> : <AccessDenied />)}</RequireAuth>;
}
