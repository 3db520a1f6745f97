import { useFormAction } from '../../lib/use-form-action.ts';
import { useFormFields } from '../../lib/use-form-fields.ts';
import { SEND_BUTTON } from './send-button.tsx';

/**
 * The sending of both support forms: every field must hold more than spaces (else the alert says
 * `requiredText`), and `send` gets them trimmed; once sent, `onSent` runs, the fields empty and the
 * alert clears; a failure keeps what was typed. `frame` is what its FormFrame takes, send button
 * included.
 */
export function useSendForm<Values extends Record<string, string>, Result>(
  initial: Values,
  send: (values: Values) => Promise<Result>,
  texts: { failed: string; required: string },
  onSent: (result: Result) => void,
) {
  const { action, setAlert, frame } = useFormAction(send, texts.failed, (result) => {
    onSent(result);
    reset();
    setAlert(null);
  });
  const { values, field, reset } = useFormFields(initial, {});
  const onSubmit = () => {
    const trimmed = Object.fromEntries(
      Object.entries(values).map(([name, value]) => [name, value.trim()]),
    ) as Values;
    const isFilled = Object.values(trimmed).every((value) => value !== '');
    setAlert(isFilled ? null : texts.required);
    if (isFilled) action.mutate(trimmed);
  };
  return { values, field, frame: { onSubmit, ...frame, ...SEND_BUTTON } };
}
