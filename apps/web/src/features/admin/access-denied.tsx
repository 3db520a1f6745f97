import { MESSAGES, ROUTES } from '@conduit/contracts';
import { ShieldAlert } from 'lucide-react';
import { ButtonLink } from '../../components/ui/button.tsx';

export function AccessDenied() {
  return (
    <main className="flex min-h-dvh flex-col items-center justify-center gap-4 p-6 text-center">
      <ShieldAlert aria-hidden="true" className="size-12 text-danger" />
      <h1 className="font-semibold text-2xl text-fg">{MESSAGES.accessDenied}</h1>
      <p className="text-muted">{MESSAGES.adminRequired}</p>
      <ButtonLink to={ROUTES.app}>Go to dashboard</ButtonLink>
    </main>
  );
}
