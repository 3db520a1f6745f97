import { useMutation } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { readServerError, serverTextOr } from './server-error.ts';
import { useFormFields, type Validators } from './use-form-fields.ts';

/**
 * A form's request and the alert above its fields: a failure shows the server's own text, else
 * `failedText` (docs/product.md, "Other screens"), and `onFailed` may add to it; `setAlert` shows the
 * form's own checks.
 */
export function useFormAction<Variables = void, Result = unknown>(
  run: (variables: Variables) => Promise<Result>,
  failedText: string,
  onDone: (result: Result, variables: Variables) => void,
  onFailed?: (error: Error) => void,
) {
  const [alert, setAlert] = useState<string | null>(null);
  const action = useMutation({
    mutationFn: run,
    onSuccess: onDone,
    onError: (error) => {
      setAlert(serverTextOr(error, failedText));
      onFailed?.(error);
    },
  });
  /** What a FormFrame or FormDialog shows of it: the alert, and the pending label while it runs. */
  const frame = { alert, isPending: action.isPending };
  return { action, alert, setAlert, frame };
}

/**
 * A form that runs its own checks on submit: its fields (useFormFields, none checked on leaving),
 * whose edits clear the alert, and its request (useFormAction), sent the fields' values.
 */
export function useFieldsAndAction<Values extends Record<keyof Values, string | boolean>, Result>(
  initial: Values,
  run: (values: Values) => Promise<Result>,
  failedText: string,
  onDone: (result: Result) => void,
) {
  const { action, setAlert, frame } = useFormAction(run, failedText, onDone);
  const { values, field } = useFormFields(initial, {}, () => setAlert(null));
  return { action, setAlert, frame, values, field };
}

export interface SubmittedForm<Values, Body, Result> {
  initial: Values;
  validators: Validators<Values>;
  /** The request's body, read from fields that passed their checks. */
  toBody: (values: Values) => Body;
  send: (body: Body) => Promise<Result>;
  failedText: string;
  onDone: (result: Result, body: Body) => void;
  /** Editing a field clears the alert too. */
  clearAlertOnEdit?: boolean;
  /**
   * The form field a refusal naming a request field (a 400 with `field`) belongs to: its text then
   * shows on that field, not in the alert. Undefined keeps it in the alert.
   */
  fieldOfServerError?: (requestField: string) => keyof Values | undefined;
}

/**
 * A form whose fields are checked on submit and then sent: useFormFields and useFormAction
 * joined. `frame` is everything its FormFrame or FormDialog needs (submit, alert, pending state).
 */
export function useSubmittedForm<Values extends Record<keyof Values, string | boolean>, Body, Result>(
  form: SubmittedForm<Values, Body, Result>,
) {
  const submitted = useRef<HTMLFormElement | null>(null);
  const { action, setAlert, frame } = useFormAction(form.send, form.failedText, form.onDone, (error) => {
    const { message, field } = readServerError(error);
    const name = field && message ? form.fieldOfServerError?.(field) : undefined;
    if (!name || !field || !message) return;
    setAlert(null);
    fields.validateAll(submitted.current ?? undefined, {
      names: [name as keyof Values & string],
      found: { [name]: besideItsField(message, field) } as Partial<Record<keyof Values, string>>,
    });
  });
  const fields = useFormFields(
    form.initial,
    form.validators,
    form.clearAlertOnEdit ? () => setAlert(null) : undefined,
  );
  const onSubmit = (element: HTMLFormElement) => {
    submitted.current = element;
    setAlert(null);
    if (!fields.validateAll(element)) action.mutate(form.toBody(fields.values));
  };
  return { ...fields, action, frame: { ...frame, onSubmit } };
}

/**
 * A server refusal shown at its own field: the API names the field in its text for callers that see
 * no form ("webhookUrl: must be a public address"); beside the field, the name is dropped.
 */
export function besideItsField(message: string, field: string): string {
  const prefix = `${field}: `;
  if (!message.startsWith(prefix)) return message;
  const rest = message.slice(prefix.length);
  return rest.charAt(0).toUpperCase() + rest.slice(1);
}
