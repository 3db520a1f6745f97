import { FREE_CREDITS_ON_VERIFY, PRODUCT_NAME } from '@conduit/contracts';
import { Dialog } from '../../components/ui/dialog.tsx';
import type { AuthView } from './auth-modal-context.ts';

interface AuthModalProps {
  view: AuthView;
  onViewChange: (view: AuthView) => void;
  onClose: () => void;
}

const COPY = {
  login: {
    title: `Sign in to ${PRODUCT_NAME}`,
    description: 'Welcome back. Pick up where you left off.',
    switchPrompt: "Don't have an account?",
    switchLabel: 'Create one',
  },
  signup: {
    title: 'Create your account',
    description: `Verify your email and get ${FREE_CREDITS_ON_VERIFY} free credits to try every API.`,
    switchPrompt: 'Already have an account?',
    switchLabel: 'Sign in',
  },
} as const;

/** The sign-in / sign-up modal. The forms themselves mount here in the auth issue. */
export function AuthModal({ view, onViewChange, onClose }: AuthModalProps) {
  const copy = COPY[view];
  return (
    <Dialog isOpen onClose={onClose} title={copy.title} description={copy.description}>
      <div
        data-auth-view={view}
        className="rounded-lg border border-border border-dashed p-6 text-center text-muted text-sm"
      >
        {view === 'login' ? 'The sign-in form is on its way.' : 'The sign-up form is on its way.'}
      </div>
      <p className="mt-5 text-center text-muted text-sm">
        {copy.switchPrompt}{' '}
        <button
          type="button"
          onClick={() => onViewChange(view === 'login' ? 'signup' : 'login')}
          className="font-medium text-primary-text underline-offset-4 hover:underline"
        >
          {copy.switchLabel}
        </button>
      </p>
    </Dialog>
  );
}
