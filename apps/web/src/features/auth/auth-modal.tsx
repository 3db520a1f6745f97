import { FREE_CREDITS_ON_VERIFY, PRODUCT_NAME } from '@conduit/contracts';
import { useState } from 'react';
import { Dialog } from '../../components/ui/dialog.tsx';
import type { AuthView } from './auth-modal-context.ts';
import { ForgotPasswordForm } from './forgot-password-form.tsx';
import { LoginForm } from './login-form.tsx';
import { SignupConfirmation } from './signup-confirmation.tsx';
import { type Registration, SignupForm } from './signup-form.tsx';

interface AuthModalProps {
  view: AuthView;
  /** The address the forms start with (an invitation's). */
  email?: string;
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
  forgot: {
    title: 'Reset your password',
    description: 'Enter the email of your account and we will mail you a link to choose a new password.',
    switchPrompt: "Don't have an account?",
    switchLabel: 'Create one',
  },
} as const;

const FORM = {
  login: (
    onViewChange: (view: AuthView) => void,
    onCodeStep: (isCodeStep: boolean) => void,
    email?: string,
  ) => <LoginForm onForgotPassword={() => onViewChange('forgot')} onCodeStep={onCodeStep} email={email} />,
  forgot: (onViewChange: (view: AuthView) => void) => (
    <ForgotPasswordForm onBackToLogin={() => onViewChange('login')} />
  ),
} as const;

export const CONFIRMATION_TITLE = 'Check your email';

/** The sign-in / sign-up modal (its chunk, forms included, loads only when first opened). */
export function AuthModal({ view, email, onViewChange, onClose }: AuthModalProps) {
  const [registration, setRegistration] = useState<Registration | null>(null);
  // The two-factor step belongs to an account that exists: no "Create one" beside it.
  const [isCodeStep, setIsCodeStep] = useState(false);

  if (view === 'signup' && registration) {
    return (
      <Dialog isOpen onClose={onClose} title={CONFIRMATION_TITLE}>
        <SignupConfirmation
          registration={registration}
          onBackToLogin={() => {
            setRegistration(null);
            onViewChange('login');
          }}
        />
      </Dialog>
    );
  }

  const copy = COPY[view];
  return (
    <Dialog isOpen onClose={onClose} title={copy.title} description={copy.description}>
      <div data-auth-view={view}>
        {view === 'signup' ? (
          <SignupForm onRegistered={setRegistration} email={email} />
        ) : (
          FORM[view](onViewChange, setIsCodeStep, email)
        )}
      </div>
      <p hidden={view === 'login' && isCodeStep} className="mt-5 text-center text-muted text-sm">
        {copy.switchPrompt}{' '}
        <button
          type="button"
          onClick={() => onViewChange(view === 'signup' ? 'login' : 'signup')}
          className="font-medium text-primary-text underline-offset-4 hover:underline"
        >
          {copy.switchLabel}
        </button>
      </p>
    </Dialog>
  );
}
