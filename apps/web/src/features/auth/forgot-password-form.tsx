import { AUTH_ERROR_TEXTS } from '@conduit/contracts';
import { CircleCheck } from 'lucide-react';
import { Button } from '../../components/ui/button.tsx';
import { FormFrame } from '../../components/ui/form-frame.tsx';
import { TextField } from '../../components/ui/text-field.tsx';
import { useSubmittedForm } from '../../lib/use-form-action.ts';
import { authApi } from './auth-api.ts';
import { emailFieldError } from './auth-validation.ts';

/** "Forgot password?": asks for the address and says a link is on its way (whether or not it has an account). */
export function ForgotPasswordForm({ onBackToLogin }: { onBackToLogin: () => void }) {
  const { values, field, action, frame } = useSubmittedForm({
    initial: { email: '' },
    validators: { email: ({ email }) => emailFieldError(email) },
    toBody: ({ email }) => email,
    send: authApi.forgotPassword,
    failedText: AUTH_ERROR_TEXTS.fallback,
    onDone: () => undefined,
    clearAlertOnEdit: true,
  });

  if (action.isSuccess) {
    return (
      <div className="space-y-4 text-center">
        <CircleCheck aria-hidden="true" className="mx-auto size-10 text-success" />
        <p role="status" className="text-fg">
          {action.data.message}
        </p>
        <Button variant="secondary" className="w-full" onClick={onBackToLogin}>
          Back to sign in
        </Button>
      </div>
    );
  }
  return (
    <div className="space-y-4">
      <FormFrame
        aria-label="Reset your password"
        {...frame}
        submitLabel="Send reset link"
        pendingLabel="Sending..."
        canSubmit={values.email !== ''}
        isWide
      >
        <TextField label="Email" type="email" autoComplete="email" {...field('email')} />
      </FormFrame>
      <button
        type="button"
        // Keeps focus (and the email field's blur check) where it is: a message appearing above
        // the link between press and release would move it away from the pointer.
        onMouseDown={(event) => event.preventDefault()}
        onClick={onBackToLogin}
        className="block w-full text-center font-medium text-primary-text text-sm underline-offset-4 hover:underline"
      >
        Back to sign in
      </button>
    </div>
  );
}
