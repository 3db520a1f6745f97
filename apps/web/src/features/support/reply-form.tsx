import { SUPPORT_MESSAGE_MAX } from '@conduit/contracts';
import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { FormFrame } from '../../components/ui/form-frame.tsx';
import { TextAreaField } from '../../components/ui/text-field.tsx';
import { useFormAction } from '../../lib/use-form-action.ts';
import { useFormFields } from '../../lib/use-form-fields.ts';
import { useNotify } from '../notifications/notification-context.ts';
import { SEND_BUTTON } from './send-button.tsx';

export const REPLY_REQUIRED = 'Please write a reply';
export const REPLY_FAILED = 'Failed to send the reply. Please try again.';
export const REPLY_SENT = 'Reply sent';

/**
 * A reply in a thread, from either side: a blank one is refused here, a sent one empties the
 * field, puts the answered ticket in place in its list (`replace`, so it shows in the thread) and
 * says `sentMessage`; a failure keeps what was typed.
 */
export function ReplyForm<Ticket>({
  send,
  replace,
  sentMessage,
  help,
}: {
  send: (message: string) => Promise<{ ticket: Ticket }>;
  replace: (queryClient: QueryClient, ticket: Ticket) => void;
  sentMessage: string;
  help: string;
}) {
  const queryClient = useQueryClient();
  const { success } = useNotify();
  const { action, setAlert, frame } = useFormAction(send, REPLY_FAILED, (result) => {
    replace(queryClient, result.ticket);
    success({ title: REPLY_SENT, message: sentMessage });
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
