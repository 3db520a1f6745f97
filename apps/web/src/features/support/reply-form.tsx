import { SUPPORT_MESSAGE_MAX } from '@conduit/contracts';
import { FormFrame } from '../../components/ui/form-frame.tsx';
import { TextAreaField } from '../../components/ui/text-field.tsx';
import { useFormAction } from '../../lib/use-form-action.ts';
import { useFormFields } from '../../lib/use-form-fields.ts';
import { SEND_BUTTON } from './send-button.tsx';

export const REPLY_REQUIRED = 'Please write a reply';
export const REPLY_FAILED = 'Failed to send the reply. Please try again.';
export const REPLY_SENT = 'Reply sent';

/**
 * A reply in a thread, from either side: a blank one is refused here, a sent one empties the
 * field and goes to `onSent` (which shows it in the thread); a failure keeps what was typed.
 */
export function ReplyForm<Result>({
  send,
  onSent,
  help,
}: {
  send: (message: string) => Promise<Result>;
  onSent: (result: Result) => void;
  help: string;
}) {
  const { action, setAlert, frame } = useFormAction(send, REPLY_FAILED, (result) => {
    onSent(result);
    reset();
    setAlert(null);
  });
  const { values, field, reset } = useFormFields({ message: '' }, {});

  const onSubmit = () => {
    const message = values.message.trim();
    setAlert(message ? null : REPLY_REQUIRED);
    if (message) action.mutate(message);
  };

  return (
    <FormFrame
      onSubmit={onSubmit}
      className="space-y-3"
      {...frame}
      {...SEND_BUTTON}
      submitLabel="Send reply"
      size="sm"
    >
      <TextAreaField
        label="Reply"
        rows={4}
        maxLength={SUPPORT_MESSAGE_MAX}
        help={help}
        {...field('message')}
      />
    </FormFrame>
  );
}
