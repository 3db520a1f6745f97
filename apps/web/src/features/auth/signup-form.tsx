import { AUTH_FORM_TEXTS, type RegisterResponse } from '@conduit/contracts';
import { useMutation } from '@tanstack/react-query';
import { Check } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { Button } from '../../components/ui/button.tsx';
import { FormAlert } from '../../components/ui/form-alert.tsx';
import { TextField } from '../../components/ui/text-field.tsx';
import { readServerError } from '../../lib/server-error.ts';
import { useFormFields } from '../../lib/use-form-fields.ts';
import { authApi, type Credentials } from './auth-api.ts';
import { signupErrorText } from './auth-error-text.ts';
import {
  confirmFieldError,
  confirmHelp,
  emailFieldError,
  type NewPasswordPair,
  passwordFieldError,
  type SignupValues,
  signupSubmitError,
} from './auth-validation.ts';
import { GoogleSignIn } from './google-sign-in.tsx';

export interface Registration {
  email: string;
  response: RegisterResponse;
}

/** The confirm field's help under a new password. */
function ConfirmHelp({ values }: { values: NewPasswordPair }) {
  const help = confirmHelp(values);
  if (help === 'match') {
    return (
      <span className="inline-flex items-center gap-1 text-success">
        <Check aria-hidden="true" className="size-3.5" />
        Passwords match
      </span>
    );
  }
  return help === 'enterFirst' ? AUTH_FORM_TEXTS.confirmHelpEnterFirst : AUTH_FORM_TEXTS.confirmHelpConfirm;
}

type FieldProps = ReturnType<ReturnType<typeof useFormFields<NewPasswordPair>>['field']>;

/** A new password and its confirmation, with sign-up's help texts (sign-up and password reset). */
export function NewPasswordFields({
  label,
  values,
  field,
}: {
  label: string;
  values: NewPasswordPair;
  field: (name: 'password' | 'confirmPassword') => FieldProps;
}) {
  return (
    <>
      <TextField
        label={label}
        type="password"
        autoComplete="new-password"
        help={AUTH_FORM_TEXTS.passwordHelp}
        {...field('password')}
      />
      <TextField
        label="Confirm password"
        type="password"
        autoComplete="new-password"
        help={<ConfirmHelp values={values} />}
        {...field('confirmPassword')}
      />
    </>
  );
}

/**
 * Registration; it does not sign in (docs/product.md, "States and transitions"): success hands over
 * to the confirmation view.
 */
export function SignupForm({
  onRegistered,
  email = '',
}: {
  onRegistered: (registration: Registration) => void;
  /** The address to start with (an invitation's). */
  email?: string;
}) {
  const [alert, setAlert] = useState<string | null>(null);
  const { values, field, validateAll } = useFormFields<SignupValues>(
    { email, password: '', confirmPassword: '' },
    {
      email: (v) => emailFieldError(v.email),
      password: (v) => passwordFieldError(v.password),
      confirmPassword: confirmFieldError,
    },
    () => setAlert(null),
  );

  const register = useMutation({
    mutationFn: (credentials: Credentials) => authApi.register(credentials),
    onSuccess: (response, credentials) => onRegistered({ email: credentials.email.trim(), response }),
    onError: (error) => setAlert(signupErrorText(readServerError(error))),
  });

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (register.isPending) return;
    const submitError = signupSubmitError(values);
    if (submitError) {
      setAlert(submitError);
      return;
    }
    setAlert(null);
    if (validateAll(event.currentTarget)) return;
    register.mutate({ email: values.email, password: values.password });
  };

  const isEmpty = values.email === '' || values.password === '' || values.confirmPassword === '';
  const isMismatch = values.password !== values.confirmPassword;
  return (
    <form noValidate onSubmit={onSubmit} aria-label="Create account" className="space-y-4">
      {alert && <FormAlert>{alert}</FormAlert>}
      <TextField label="Email" type="email" autoComplete="email" {...field('email')} />
      <NewPasswordFields label="Password" values={values} field={field} />
      <Button type="submit" className="w-full" disabled={isEmpty || isMismatch || register.isPending}>
        {register.isPending ? 'Creating account...' : 'Create account'}
      </Button>
      <GoogleSignIn />
    </form>
  );
}
