import { SUPPORT_MESSAGE_MAX } from '@conduit/contracts';
import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { FormFrame } from '../../components/ui/form-frame.tsx';
import { TextAreaField } from '../../components/ui/text-field.tsx';
import { useNotify } from '../notifications/notification-context.ts';
import { useSendForm } from './use-send-form.ts';

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
  const { field, frame } = useSendForm(
    { message: '' },
    ({ message }) => send(message),
    { failed: REPLY_FAILED, required: REPLY_REQUIRED },
    (result) => {
      replace(queryClient, result.ticket);
      success({ title: REPLY_SENT, message: sentMessage });
    },
  );

  return (
    <FormFrame className="space-y-3" {...frame} submitLabel="Send reply" size="sm">
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
