import { useMutation } from '@tanstack/react-query';
import { CircleCheck } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { Button } from '../../components/ui/button.tsx';
import { FormAlert } from '../../components/ui/form-alert.tsx';
import { TextField } from '../../components/ui/text-field.tsx';
import { authApi } from './auth-api.ts';
import { loginErrorText, readServerError } from './auth-error-text.ts';
import { emailFieldError } from './auth-validation.ts';

/** "Forgot password?": asks for the address and says a link is on its way (whether or not it has an account). */
export function ForgotPasswordForm({ onBackToLogin }: { onBackToLogin: () => void }) {
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | undefined>();
  const request = useMutation({
    mutationFn: () => authApi.forgotPassword(email),
    onError: (failure) => setError(loginErrorText(readServerError(failure)).text),
  });

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (request.isPending) return;
    const invalid = emailFieldError(email);
    setError(invalid);
    if (!invalid) request.mutate();
  };

  if (request.isSuccess) {
    return (
      <div className="space-y-4 text-center">
        <CircleCheck aria-hidden="true" className="mx-auto size-10 text-success" />
        <p role="status" className="text-fg">
          {request.data.message}
        </p>
        <Button variant="secondary" className="w-full" onClick={onBackToLogin}>
          Back to sign in
        </Button>
      </div>
    );
  }
  return (
    <form noValidate onSubmit={onSubmit} aria-label="Reset your password" className="space-y-4">
      {request.isError && error && <FormAlert>{error}</FormAlert>}
      <TextField
        label="Email"
        type="email"
        autoComplete="email"
        value={email}
        error={request.isError ? undefined : error}
        onChange={(event) => {
          setEmail(event.target.value);
          setError(undefined);
        }}
      />
      <Button type="submit" className="w-full" disabled={email === '' || request.isPending}>
        {request.isPending ? 'Sending...' : 'Send reset link'}
      </Button>
      <button
        type="button"
        onClick={onBackToLogin}
        className="block w-full text-center font-medium text-primary-text text-sm underline-offset-4 hover:underline"
      >
        Back to sign in
      </button>
    </form>
  );
}
